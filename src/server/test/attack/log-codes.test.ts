import { symbols } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskOneTimeCodes } from '../../http/log-masking';
import { createTenant } from '../fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/**
 * Whoever reads the server's log must not find a working one-time code in it: every call
 * and page that carries a code in its path is made, and the captured log is searched.
 */
let t: TestApp;
const raw: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' });
  // Capture what the app's logger writes (children inherit the parent's stream).
  (t.app.log as unknown as Record<symbol, unknown>)[symbols.streamSym] = {
    write(line: string) {
      raw.push(line);
    },
  };
});
afterAll(() => t?.close());

async function issueReset(admin: TestUser, userId: number): Promise<string> {
  const issued = await admin.request({
    method: 'POST',
    url: `/api/accounts/${userId}/password-reset`,
  });
  expect(issued.statusCode, issued.body).toBe(201);
  return (issued.json().path as string).replace('/reset-password/', '');
}

async function invite(landlord: TestUser): Promise<string> {
  const tenant = await createTenant(landlord);
  const created = await landlord.request({
    method: 'POST',
    url: `/api/tenants/${tenant.id}/invitations`,
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json().path as string).replace('/invitations/', '');
}

describe('one-time codes in the log', () => {
  it('never writes a reset or invitation code, whatever the call answers', async () => {
    const [admin, landlord, tenant, worker] = [
      await signUpAndLogin(t, 'Admin'),
      await signUpAndLogin(t, 'Landlord'),
      await signUpAndLogin(t, 'Tenant'),
      await signUpAndLogin(t, 'Maintenance'),
    ];
    const codes: string[] = [];
    const calls: { method: 'GET' | 'POST'; url: string; by?: TestUser; payload?: object }[] = [];
    for (let i = 0; i < 2; i++) {
      const code = await invite(landlord);
      codes.push(code);
      calls.push(
        { method: 'GET', url: `/api/invitations/by-code/${code}` },
        { method: 'GET', url: `/invitations/${code}` },
        { method: 'GET', url: `/login?next=${encodeURIComponent(`/invitations/${code}`)}` },
        // Without a session (401), with the wrong role (403, logged as forbidden), a route
        // that does not exist (404, logged by the router), then accepted.
        { method: 'POST', url: `/api/invitations/by-code/${code}/accept` },
        { method: 'POST', url: `/api/invitations/by-code/${code}/accept`, by: worker },
        { method: 'POST', url: `/api/invitations/by-code/${code}/nothing-here`, by: tenant },
      );
    }
    for (const user of [tenant, worker]) {
      const code = await issueReset(admin, user.user.id);
      codes.push(code);
      calls.push(
        { method: 'GET', url: `/api/password-resets/${code}` },
        { method: 'GET', url: `/reset-password/${code}` },
        // A weak password: refused (400), the code still in the path.
        { method: 'POST', url: `/api/password-resets/${code}`, payload: { password: 'short' } },
        {
          method: 'POST',
          url: `/api/password-resets/${code}`,
          payload: { password: 'patient-willow-harbor-58' },
        },
        // Used up: 410.
        { method: 'GET', url: `/api/password-resets/${code}` },
      );
    }
    const other = await signUpAndLogin(t, 'Tenant');
    calls.push({ method: 'POST', url: `/api/invitations/by-code/${codes[2]}/accept`, by: other });
    // A mistyped code is still most of a code.
    calls.push({ method: 'GET', url: `/api/password-resets/${codes[0]!.slice(0, 40)}` });

    const statuses: number[] = [];
    for (const call of calls) {
      const response = await (call.by ?? t).request({
        method: call.method,
        url: call.url,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      statuses.push(response.statusCode);
    }
    // The run covered answers of every kind, so the log has lines of every kind to search.
    expect(new Set(statuses)).toEqual(new Set([200, 204, 400, 401, 403, 404, 410]));

    const log = raw.join('');
    expect(log).toContain('/api/invitations/by-code/[code]/accept');
    expect(log).toContain('/api/password-resets/[code]');
    expect(log).toContain('/reset-password/[code]');
    for (const code of codes) {
      expect(log).not.toContain(code);
      expect(log).not.toContain(code.slice(0, 24));
    }
  });

  it('masks codes but keeps the ids and words of other paths', () => {
    expect(maskOneTimeCodes('/api/invitations/12/revoke')).toBe('/api/invitations/12/revoke');
    expect(maskOneTimeCodes('/api/accounts/7/password-reset')).toBe(
      '/api/accounts/7/password-reset',
    );
    expect(maskOneTimeCodes('/api/password-resets/abc?x=1')).toBe(
      '/api/password-resets/[code]?x=1',
    );
    expect(maskOneTimeCodes('Route GET:/invitations/zzz/x not found')).toBe(
      'Route GET:/invitations/[code]/x not found',
    );
  });
});
