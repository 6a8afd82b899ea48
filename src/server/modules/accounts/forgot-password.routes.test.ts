import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAILED_PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_BY_EMAIL_UNAVAILABLE,
  PASSWORD_RESET_REQUESTED,
} from '../../../shared/schemas/accounts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { jobsTable, retryDelayMs } from '../jobs';
import { PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR } from './accounts.routes';
import { EMAILED_RESETS_PER_ACCOUNT_PER_HOUR } from './accounts.service';
import { passwordResetsTable } from './password-resets.table';

const PUBLIC_URL = 'https://rent.example.test';
const NEW_PASSWORD = 'quiet-copper-meadow-77';
const LINK = new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})`);

let smtp: SmtpReceiver;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Porchlight <no-reply@example.test>', timeoutMs: 5_000 },
    publicUrl: PUBLIC_URL,
  });
  admin = await signUpAndLogin(t, 'Admin');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuse = false;
});

/** Each call from an address of its own, unless named: the per-address limit has its own test. */
let addresses = 0;
const requestReset = (
  app: TestApp,
  userNameOrEmail: unknown,
  remoteAddress = `198.51.100.${++addresses}`,
) =>
  app.request({
    method: 'POST',
    url: '/api/password-resets',
    payload: { userNameOrEmail },
    remoteAddress,
  });
const tryLogin = (userName: string, password: string) =>
  t.request({ method: 'POST', url: '/api/authentication/login', payload: { userName, password } });
const mailJobs = () =>
  t.database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'mail.send'));
const linkIn = (text: string | undefined) => LINK.exec(text ?? '')?.[1];

async function signUpWithoutEmail(): Promise<string> {
  const userName = `noemail_${Date.now().toString(36)}`;
  const response = await t.request({
    method: 'POST',
    url: '/api/users',
    payload: { Username: userName, Password: NEW_PASSWORD, Roles: ['Tenant'], Email: null },
  });
  expect(response.statusCode).toBe(201);
  return userName;
}

function expectTheOneAnswer(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(202);
  expect(response.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
}

describe('POST /api/password-resets (forgot password, mail configured)', () => {
  it('mails a one-time link over SMTP that works once; the old password stops working', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const response = await requestReset(t, user.user.userName.toUpperCase());
    expectTheOneAnswer(response);
    // Nothing is sent during the request: the mail waits in the outbox for the jobs runner.
    expect(smtp.received).toHaveLength(0);

    expect(await t.app.jobs.runDueJobs(t.clock.now)).toMatchObject({ retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.logins).toContain('porchlight:smtp-secret-7');
    const [mail] = smtp.received;
    expect(mail!.to).toMatchObject({ value: [{ address: user.user.email }] });
    expect(mail!.from).toMatchObject({
      value: [{ address: 'no-reply@example.test', name: 'Porchlight' }],
    });
    expect(mail!.subject).toBe('Choose a new Porchlight password');
    expect(mail!.text).toContain(user.user.userName);
    expect(mail!.text).toContain('works once, for 1 hour');
    const code = linkIn(mail!.text);
    expect(code).toBeDefined();

    // Only hashes are kept: neither the reset row nor the settled job holds the code.
    const stored = JSON.stringify([
      await t.database.db.select().from(passwordResetsTable),
      await mailJobs(),
    ]);
    expect(stored).not.toContain(code);

    const info = await t.request({ method: 'GET', url: `/api/password-resets/${code}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      userName: user.user.userName,
      expiresAt: new Date(t.clock.now.getTime() + EMAILED_PASSWORD_RESET_TTL_MS).toISOString(),
    });
    const redeem = () =>
      t.request({
        method: 'POST',
        url: `/api/password-resets/${code}`,
        payload: { password: NEW_PASSWORD },
      });
    expect((await redeem()).statusCode).toBe(204);
    expect((await redeem()).statusCode).toBe(410);
    expect((await tryLogin(user.user.userName, user.password)).statusCode).toBe(401);
    expect((await tryLogin(user.user.userName, NEW_PASSWORD)).statusCode).toBe(200);
    const me = await user.request({ method: 'GET', url: '/api/authentication/me' });
    expect(me.statusCode).toBe(401);
  });

  it('matches an email without regard to case, and records the link issued, never the code', async () => {
    const user = await signUpAndLogin(t, 'Landlord');
    const [lastBefore] = await t.database.db
      .select({ id: auditEventsTable.id })
      .from(auditEventsTable)
      .orderBy(desc(auditEventsTable.id))
      .limit(1);
    expectTheOneAnswer(await requestReset(t, `  ${user.user.email!.toUpperCase()} `));
    await t.app.jobs.runDueJobs(t.clock.now);
    const code = linkIn(smtp.received[0]?.text);
    expect(code).toBeDefined();
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          gt(auditEventsTable.id, lastBefore?.id ?? 0),
          eq(auditEventsTable.entityId, user.user.id),
          eq(auditEventsTable.action, 'email_reset_link'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entityType: 'users',
      actorKind: 'visitor',
      before: null,
      after: {
        resetLinkExpiresAt: new Date(
          t.clock.now.getTime() + EMAILED_PASSWORD_RESET_TTL_MS,
        ).toISOString(),
        emailedTo: user.user.email,
      },
    });
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it('answers the same and sends nothing for an unknown name, an account without email, a disabled account, or an email two accounts share', async () => {
    const noEmail = await signUpWithoutEmail();
    const disabled = await signUpAndLogin(t, 'Tenant');
    expect(
      (await admin.request({ method: 'POST', url: `/api/accounts/${disabled.user.id}/disable` }))
        .statusCode,
    ).toBe(200);
    const shared = `shared_${Date.now().toString(36)}@example.com`;
    for (const role of ['Tenant', 'Landlord'] as const) {
      const user = await signUpAndLogin(t, role);
      await user.request({
        method: 'PUT',
        url: `/api/users/${user.user.id}/contact`,
        payload: { email: shared, phone: '+12125550100' },
      });
    }
    const jobsBefore = (await mailJobs()).length;
    const resetsBefore = (await t.database.db.select().from(passwordResetsTable)).length;
    for (const value of [
      'nobody-by-this-name',
      'nobody@example.com',
      noEmail,
      disabled.user.userName,
      disabled.user.email,
      shared,
    ]) {
      expectTheOneAnswer(await requestReset(t, value));
    }
    expect(await mailJobs()).toHaveLength(jobsBefore);
    expect(await t.database.db.select().from(passwordResetsTable)).toHaveLength(resetsBefore);
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(smtp.received).toHaveLength(0);
  });

  it('replaces the earlier unused link, and a link stops working after 1 hour', async () => {
    const user = await signUpAndLogin(t, 'Maintenance');
    await requestReset(t, user.user.userName);
    await requestReset(t, user.user.userName);
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received.map((mail) => linkIn(mail.text));
    const read = (code: string | undefined) =>
      t.request({ method: 'GET', url: `/api/password-resets/${code}` });
    expect((await read(first)).statusCode).toBe(404);
    expect((await read(second)).statusCode).toBe(200);
    t.clock.advance(EMAILED_PASSWORD_RESET_TTL_MS);
    const expired = await read(second);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
  });

  it(`mails one account at most ${EMAILED_RESETS_PER_ACCOUNT_PER_HOUR} links an hour, answering the same`, async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    for (let i = 0; i < EMAILED_RESETS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      expectTheOneAnswer(await requestReset(t, user.user.userName));
    }
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(smtp.received).toHaveLength(EMAILED_RESETS_PER_ACCOUNT_PER_HOUR);
    // The last link mailed still works.
    const last = linkIn(smtp.received.at(-1)?.text);
    expect(
      (await t.request({ method: 'GET', url: `/api/password-resets/${last}` })).statusCode,
    ).toBe(200);
  });

  it(`refuses the ${PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR + 1}th request of an hour from one address with 429`, async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR; i++) {
      expectTheOneAnswer(await requestReset(t, `unknown-${i}`, address));
    }
    const refused = await requestReset(t, 'unknown-x', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many password reset requests/);
    // Another address is not affected.
    expectTheOneAnswer(await requestReset(t, 'unknown-y'));
  });

  it.each([
    ['no field', {}],
    ['an empty value', { userNameOrEmail: '   ' }],
    ['a NUL character', { userNameOrEmail: 'alice\u0000' }],
    ['a number', { userNameOrEmail: 42 }],
    ['a huge value', { userNameOrEmail: 'a'.repeat(10_000) }],
  ])('refuses %s with 400', async (_, payload) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/password-resets',
      payload,
      remoteAddress: '192.0.2.1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it.each([
    ['SQL', "' OR '1'='1"],
    ['a wildcard', '%'],
    ['a lone surrogate', '\ud800'],
    ['emoji', '👩‍👩‍👧‍👦🏠'],
  ])('answers %s like any unknown name', async (_, value) => {
    expectTheOneAnswer(await requestReset(t, value));
  });

  it('keeps the mail for a retry when the SMTP server refuses it, without failing the request', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    smtp.refuse = true;
    expectTheOneAnswer(await requestReset(t, user.user.userName));
    const now = t.clock.now;
    expect(await t.app.jobs.runDueJobs(now)).toMatchObject({ retried: 1, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    const [job] = (await mailJobs()).filter((j) => j.status === 'pending');
    expect(job).toMatchObject({ attempts: 1, status: 'pending' });
    expect(job!.lastError).toMatch(/550|Mailbox unavailable/);
    expect(job!.runAt.getTime()).toBe(now.getTime() + retryDelayMs(1));

    smtp.refuse = false;
    expect(await t.app.jobs.runDueJobs(job!.runAt)).toMatchObject({ retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(linkIn(smtp.received[0]!.text)).toBeDefined();
    const [settled] = await t.database.db.select().from(jobsTable).where(eq(jobsTable.id, job!.id));
    expect(settled).toMatchObject({ status: 'done', attempts: 2, payload: {} });
  });

  it('says on GET /api/features that password reset by email is offered', async () => {
    const response = await t.request({ method: 'GET', url: '/api/features' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ passwordResetByEmail: true });
  });
});

describe('an SMTP server that never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let app: TestApp;

  beforeAll(async () => {
    // Accepts connections and never sends its greeting.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    app = await createTestApp({
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'no-reply@example.test',
        timeoutMs: 1_500,
      },
      publicUrl: PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('holds no transaction while it waits: requests are answered, and the mail is retried later', async () => {
    const user = await signUpAndLogin(app, 'Tenant');
    expectTheOneAnswer(await requestReset(app, user.user.userName));
    let jobsFinished = false;
    const running = app.app.jobs.runDueJobs(app.clock.now).finally(() => {
      jobsFinished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Requests that read and write the database are answered while the delivery hangs.
    expect((await tryLoginOn(app, user.user.userName, user.password)).statusCode).toBe(200);
    expectTheOneAnswer(await requestReset(app, 'someone-else'));
    expect(jobsFinished).toBe(false);
    expect(await running).toMatchObject({ retried: 1, failed: 0 });
    const [job] = await app.database.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.kind, 'mail.send'));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toMatch(/greeting|timeout/i);
  });
});

describe('without mail configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('answers 404 with the reason, and GET /api/features says it is not offered', async () => {
    const user = await signUpAndLogin(plain, 'Tenant');
    const response = await requestReset(plain, user.user.userName);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PASSWORD_RESET_BY_EMAIL_UNAVAILABLE);
    expect(await plain.database.db.select().from(passwordResetsTable)).toEqual([]);
    const features = await plain.request({ method: 'GET', url: '/api/features' });
    expect(features.json()).toMatchObject({ passwordResetByEmail: false });
  });
});

function tryLoginOn(app: TestApp, userName: string, password: string) {
  return app.request({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { userName, password },
  });
}
