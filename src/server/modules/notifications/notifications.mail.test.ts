import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMail } from '../../../shared/schemas/admin-mail';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { retryDelayMs } from '../jobs';

const FROM = 'Porchlight <no-reply@example.test>';
const PUBLIC_URL = 'https://porchlight.example.test';

const changeRoles = (admin: TestUser, id: number, roles: string[]) =>
  admin.request({ method: 'PUT', url: `/api/accounts/${id}/roles`, payload: { roles } });

async function adminMail(admin: TestUser): Promise<AdminMail[]> {
  const response = await admin.request({ method: 'GET', url: '/api/admin/mail?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const mailTo = (smtp: SmtpReceiver, address: string) =>
  smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

describe('notifications by email, through a real SMTP conversation', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      mail: { smtpUrl: smtp.url, from: FROM, timeoutMs: 5_000 },
      publicUrl: PUBLIC_URL,
    });
    admin = await signUpAndLogin(t, 'Admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails each notification once to the account’s address, besides showing it in the app', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    expect((await changeRoles(admin, user.user.id, ['Tenant', 'Maintenance'])).statusCode).toBe(
      200,
    );
    // The request only wrote the outbox.
    expect(mailTo(smtp, user.user.email!)).toHaveLength(0);
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);

    const [mail, ...more] = mailTo(smtp, user.user.email!);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your roles changed');
    expect(mail!.from?.value[0]?.address).toBe('no-reply@example.test');
    expect(mail!.text).toContain('An administrator changed your roles to Tenant, Maintenance.');
    expect(mail!.text).toContain(`Hello ${user.user.userName},`);
    expect(mail!.text).toContain(`Open it in Porchlight: ${PUBLIC_URL}/`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/editcontact`);
    const unread = await user.request({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(unread.json()).toEqual({ unread: 1 });

    const listed = (await adminMail(admin)).find((m) => m.to === user.user.email);
    expect(listed).toMatchObject({
      subject: 'Your roles changed',
      kind: 'account.roles_changed',
      state: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(listed!.sentAt).toBe(t.clock.now.toISOString());
  });

  it('retries a refused mail later with the backoff, and sends it once when accepted', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    smtp.refuse = true;
    try {
      await changeRoles(admin, user.user.id, ['Tenant', 'Landlord']);
      await t.app.jobs.runDueJobs(t.clock.now);
      // In the app at once; the mail waits for its retry.
      const unread = await user.request({ method: 'GET', url: '/api/notifications/unread-count' });
      expect(unread.json()).toEqual({ unread: 1 });
      expect(mailTo(smtp, user.user.email!)).toHaveLength(0);
      const refused = (await adminMail(admin)).find((m) => m.to === user.user.email)!;
      expect(refused.state).toBe('retrying');
      expect(refused.attempts).toBe(1);
      expect(refused.lastError).toMatch(/Mailbox unavailable/);
    } finally {
      smtp.refuse = false;
    }
    // Not before its time...
    await t.app.jobs.runDueJobs(new Date(t.clock.now.getTime() + retryDelayMs(1) - 1_000));
    expect(mailTo(smtp, user.user.email!)).toHaveLength(0);
    // ...then once.
    t.clock.advance(retryDelayMs(1));
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(mailTo(smtp, user.user.email!)).toHaveLength(1);
    const sent = (await adminMail(admin)).find((m) => m.to === user.user.email)!;
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('sends no email for a kind the user turned off, and still shows it in the app', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const off = await user.request({
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: [{ kind: 'account.roles_changed', email: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    await changeRoles(admin, user.user.id, ['Tenant', 'Landlord']);
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(mailTo(smtp, user.user.email!)).toHaveLength(0);
    expect((await adminMail(admin)).some((m) => m.to === user.user.email)).toBe(false);
    const unread = await user.request({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(unread.json()).toEqual({ unread: 1 });
  });

  it('never shows an Admin the body of a mail that carries a one-time link', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const property = await landlord.request({
      method: 'POST',
      url: '/api/properties',
      payload: {
        name: 'Linden Row',
        address: '1 Linden',
        city: 'Troy',
        state: 'NY',
        zipCode: '12180',
      },
    });
    const unit = await landlord.request({
      method: 'POST',
      url: '/api/units',
      payload: {
        unitNumber: '1A',
        propertyId: property.json().id,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: 900,
        status: 'Available',
      },
    });
    const tenant = await landlord.request({
      method: 'POST',
      url: '/api/tenants',
      payload: {
        unitId: unit.json().id,
        unitNumber: '1A',
        firstName: 'Iva',
        lastName: 'Link',
        phoneNumber: '+12125550102',
        email: 'iva.link@example.com',
      },
    });
    expect(tenant.statusCode, tenant.body).toBe(201);
    const invite = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${tenant.json().id}/invitations`,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    await t.app.jobs.runDueJobs(t.clock.now);
    const code = (invite.json().path as string).split('/').pop()!;
    expect(mailTo(smtp, 'iva.link@example.com')[0]!.text).toContain(code);
    const listed = (await adminMail(admin)).find((m) => m.to === 'iva.link@example.com')!;
    expect(listed).toMatchObject({ state: 'sent', preview: null, kind: null });
    expect(JSON.stringify(await adminMail(admin))).not.toContain(code);
  });
});

describe('a mail server that never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // Accepts the connection and never says a word (no SMTP greeting).
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await createTestApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, timeoutMs: 1_000 },
      publicUrl: PUBLIC_URL,
    });
    admin = await signUpAndLogin(t, 'Admin');
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('holds no request up: the app answers while delivery waits, and the mail is retried later', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    await changeRoles(admin, user.user.id, ['Tenant', 'Landlord']);
    let settled = false;
    const delivering = t.app.jobs.runDueJobs(t.clock.now).finally(() => (settled = true));
    // Wait until the SMTP connection is open and hanging.
    for (let i = 0; i < 100 && sockets.size === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sockets.size).toBeGreaterThan(0);
    const answer = await user.request({ method: 'GET', url: '/api/notifications' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveLength(1);
    expect(settled).toBe(false);

    expect(await delivering).toMatchObject({ retried: 1, failed: 0 });
    const listed = (await adminMail(admin)).find((m) => m.to === user.user.email)!;
    expect(listed.state).toBe('retrying');
    expect(listed.lastError).toMatch(/Greeting never received|Timeout/);
  });
});
