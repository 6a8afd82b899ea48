import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_SESSIONS_PER_USER,
  NOTIFICATIONS_KEPT_DAYS,
  NOTIFICATIONS_KEPT_PER_USER,
} from '../../../shared/constants';
import {
  MAX_WORK_ORDER_COST,
  NOTE_COST_TOO_LARGE,
  WORK_ORDER_COST_TOO_LARGE,
} from '../../../shared/schemas/work-orders';
import { sessionsTable } from '../../modules/auth';
import { notificationsTable } from '../../modules/notifications';
import { createdId, createPropertyWithUnits } from '../fixtures';
import { createTestApp, login, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/** What one account can make the server keep: each has a bound, so none grows without end. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const me = (user: TestUser) => user.request({ method: 'GET', url: '/api/authentication/me' });

describe('sessions', () => {
  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per account, ending the oldest first`, async () => {
    const first = await signUpAndLogin(t, 'Tenant');
    const sessions = [first];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      t.clock.advance(1_000);
      sessions.push(await login(t, first.user.userName, first.password));
    }
    const [row] = await t.database.db
      .select({ n: count() })
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, first.user.id));
    expect(row!.n).toBe(MAX_SESSIONS_PER_USER);
    const answers = await Promise.all(sessions.map(me));
    const ended = answers.length - MAX_SESSIONS_PER_USER;
    expect(answers.slice(0, ended).map((a) => a.statusCode)).toEqual(Array(ended).fill(401));
    expect(answers.slice(ended).every((a) => a.statusCode === 200)).toBe(true);
  });
});

describe("a work order's costs", () => {
  let landlord: TestUser;
  let workOrderId: number;
  beforeAll(async () => {
    landlord = await signUpAndLogin(t, 'Landlord');
    const { units } = await createPropertyWithUnits(landlord);
    workOrderId = await createdId(landlord, '/api/work-orders', {
      unitId: units[0]!.id,
      title: 'Roof',
      category: 'Other',
      priority: 'Routine',
    });
  });
  const note = (cost: number) =>
    landlord.request({
      method: 'POST',
      url: `/api/work-orders/${workOrderId}/notes`,
      payload: { body: 'Materials', cost },
    });

  it('refuses one note above the bound, and notes whose sum would pass it; the total stays exact', async () => {
    const tooMuch = await note(9_999_999_999.99);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.cost).toEqual([NOTE_COST_TOO_LARGE]);

    for (let i = 0; i < MAX_WORK_ORDER_COST / 1_000_000; i++) {
      expect((await note(1_000_000)).statusCode).toBe(200);
    }
    const past = await note(0.01);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(WORK_ORDER_COST_TOO_LARGE);
    const order = await landlord.request({ method: 'GET', url: `/api/work-orders/${workOrderId}` });
    expect(order.json().cost).toBe(MAX_WORK_ORDER_COST);
    expect(Number.isSafeInteger(MAX_WORK_ORDER_COST * 100)).toBe(true);
  });
});

describe('notifications', () => {
  it(`keeps at most ${NOTIFICATIONS_KEPT_PER_USER} per account and drops read ones after ${NOTIFICATIONS_KEPT_DAYS} days`, async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const neighbour = await signUpAndLogin(t, 'Tenant');
    const now = t.clock.now;
    const old = new Date(now.getTime() - (NOTIFICATIONS_KEPT_DAYS + 1) * DAY);
    const row = (userId: number, key: string, createdAt: Date, readAt: Date | null) => ({
      userId,
      key,
      kind: 'test.flood',
      title: 'Hello',
      body: 'Hello again',
      createdAt,
      readAt,
    });
    await t.database.db.insert(notificationsTable).values([
      // Old and read: dropped. Old and unread: kept until read (or crowded out).
      ...Array.from({ length: 5 }, (_, i) => row(user.user.id, `old-read-${i}`, old, old)),
      row(neighbour.user.id, 'old-unread', old, null),
      row(neighbour.user.id, 'old-read', old, old),
      ...Array.from({ length: NOTIFICATIONS_KEPT_PER_USER + 30 }, (_, i) =>
        row(user.user.id, `flood-${i}`, now, null),
      ),
    ]);
    await t.app.jobs.runDueJobs(now);

    const kept = await t.database.db
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, user.user.id));
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT_PER_USER);
    // The newest stay.
    expect(kept.some((n) => n.key === `flood-${NOTIFICATIONS_KEPT_PER_USER + 29}`)).toBe(true);
    expect(kept.some((n) => n.key.startsWith('old-read'))).toBe(false);
    const theirs = await t.database.db
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.userId, neighbour.user.id));
    expect(theirs.map((n) => n.key)).toEqual(['old-unread']);
    const list = await user.request({ method: 'GET', url: '/api/notifications' });
    expect(list.headers['x-total-count']).toBe(String(NOTIFICATIONS_KEPT_PER_USER));
  });
});
