import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TENANT_ALREADY_LINKED,
  TENANT_INVITATION_PENDING,
} from '../../../shared/schemas/invitations';
import { fingerprint } from '../../test/attack/attack-kit';
import { createTenant, signUpAll } from '../../test/fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

const inviteAll = (user: TestUser, tenantIds: unknown) =>
  user.request({ method: 'POST', url: '/api/tenants/invitations', payload: { tenantIds } });

describe('inviting many tenants at once', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let tenantUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, tenantUser] = await signUpAll(t, ['Landlord', 'Landlord', 'Tenant']);
  });
  afterAll(() => t.close());

  it('invites each tenant, skipping a linked one and one whose link still works, row by row', async () => {
    const fresh = await createTenant(landlord, { firstName: 'Ada' });
    const pending = await createTenant(landlord, { firstName: 'Grace' });
    const linked = await createTenant(landlord, { firstName: 'Alan' });
    const earlier = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${pending.id}/invitations`,
    });
    const earlierPath = earlier.json().path as string;
    const toLink = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${linked.id}/invitations`,
    });
    const code = (toLink.json().path as string).replace('/invitations/', '');
    const accepted = await tenantUser.request({
      method: 'POST',
      url: `/api/invitations/by-code/${code}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const response = await inviteAll(landlord, [fresh.id, pending.id, linked.id, fresh.id]);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json();
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({
      tenantId: fresh.id,
      name: 'Ada Lovelace',
      unitNumber: fresh.unitNumber,
      outcome: 'invited',
      message: null,
      emailedTo: null,
    });
    expect(results[0].path).toMatch(/^\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(results[0].propertyName).toMatch(/^Maple Court/);
    expect(results[1]).toMatchObject({
      tenantId: pending.id,
      outcome: 'pending',
      message: TENANT_INVITATION_PENDING,
      path: null,
    });
    expect(results[2]).toMatchObject({
      tenantId: linked.id,
      outcome: 'linked',
      message: TENANT_ALREADY_LINKED,
      path: null,
    });
    // The skipped tenant's earlier link still works: it was not replaced.
    const stillWorks = await t.request({
      method: 'GET',
      url: `/api${earlierPath.replace('/invitations/', '/invitations/by-code/')}`,
    });
    expect(stillWorks.statusCode).toBe(200);
    // The new link works and is the tenant's.
    const preview = await t.request({
      method: 'GET',
      url: `/api${(results[0].path as string).replace('/invitations/', '/invitations/by-code/')}`,
    });
    expect(preview.json()).toMatchObject({ name: 'Ada Lovelace' });
  });

  it("refuses the whole call when one tenant is another landlord's, and changes nothing", async () => {
    const mine = await createTenant(landlord);
    const theirs = await createTenant(other);
    const before = await fingerprint(t);
    const response = await inviteAll(landlord, [mine.id, theirs.id]);
    expect(response.statusCode).toBe(404);
    expect((await inviteAll(tenantUser, [mine.id])).statusCode).toBe(403);
    const visitor = await t.request({
      method: 'POST',
      url: '/api/tenants/invitations',
      payload: { tenantIds: [mine.id] },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses an empty or oversized choice with a message, and changes nothing', async () => {
    const before = await fingerprint(t);
    const empty = await inviteAll(landlord, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.tenantIds).toEqual(['Choose at least one tenant']);
    const many = await inviteAll(
      landlord,
      Array.from({ length: 101 }, (_, i) => i + 1),
    );
    expect(many.statusCode).toBe(400);
    expect((await inviteAll(landlord, ['x'])).statusCode).toBe(400);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('inviting many tenants with mail configured', () => {
  let smtp: SmtpReceiver;
  let m: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    m = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Porchlight <no-reply@example.test>', timeoutMs: 5_000 },
      publicUrl: 'https://rent.example.test',
    });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
  });

  it('mails each invited tenant their own link', async () => {
    const [landlord] = await signUpAll(m, ['Landlord']);
    const ada = await createTenant(landlord, { email: 'ada.bulk@example.com' });
    const grace = await createTenant(landlord, {
      firstName: 'Grace',
      email: 'grace.bulk@example.com',
    });
    const response = await inviteAll(landlord, [ada.id, grace.id]);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json();
    expect(results.map((r: { emailedTo: string }) => r.emailedTo)).toEqual([
      'ada.bulk@example.com',
      'grace.bulk@example.com',
    ]);
    await m.app.jobs.runDueJobs(m.clock.now);
    const mailed = smtp.received.map((mail) => ({
      to: (mail.to as { value: { address: string }[] }).value[0]!.address,
      link: mail.text?.includes(`https://rent.example.test${results[0].path}`),
    }));
    expect(mailed).toContainEqual({ to: 'ada.bulk@example.com', link: true });
    expect(mailed).toContainEqual({ to: 'grace.bulk@example.com', link: false });
  });
});
