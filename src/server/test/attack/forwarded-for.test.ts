import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { APPLICATION_LIMIT } from '../../modules/applications';
import { createTestApp, signUpAndLogin, type TestApp } from '../test-app';
import { createPropertyWithUnits } from '../fixtures';

/**
 * A client behind (or pretending to be behind) a reverse proxy writes its own entries into
 * X-Forwarded-For. Only the hops the server was told to trust may name the client.
 */
const trustProxyOf = (value: string) =>
  loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

/** Sends one more application than the per-address limit allows, each naming a new left-most address. */
async function applyPastTheLimit(t: TestApp, remoteAddress: string, proxyHop = '10.0.0.1') {
  const landlord = await signUpAndLogin(t, 'Landlord');
  const { units } = await createPropertyWithUnits(landlord);
  const statuses: number[] = [];
  for (let i = 0; i <= APPLICATION_LIMIT.limit; i++) {
    const response = await t.request({
      method: 'POST',
      url: '/api/applications',
      remoteAddress,
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${proxyHop}` },
      payload: {
        unitId: units[0]!.id,
        firstName: 'Jane',
        lastName: 'Applicant',
        email: 'jane@example.com',
        phoneNumber: '+12125550199',
        moveInDate: '2099-01-01',
        message: 'Hello',
      },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('refuses to start with TRUST_PROXY=true, and refuses an address list it cannot read', () => {
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf('not-an-address')).toThrow(/TRUST_PROXY/);
    expect(trustProxyOf('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.1')).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '192.168.1.1'],
    });
    expect(trustProxyOf('')).toEqual({ kind: 'off' });
  });

  describe.each([
    ['one trusted hop', '1'],
    ['a trusted proxy address', '127.0.0.0/8'],
  ])('with %s', (_name, value) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: trustProxyOf(value) });
    });
    afterAll(() => t?.close());

    it('a client-supplied left-most X-Forwarded-For entry does not reset the per-address limit', async () => {
      const statuses = await applyPastTheLimit(t, '127.0.0.1');
      expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('trusts X-Forwarded-Proto from the proxy', async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeDefined();
    });
  });

  describe('with a proxy list, a client that reaches the server directly', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: trustProxyOf('10.9.9.9') });
    });
    afterAll(() => t?.close());

    it('is known by its socket address, whatever X-Forwarded-For and -Proto say', async () => {
      const statuses = await applyPastTheLimit(t, '198.51.100.20', '198.51.100.21');
      expect(statuses.at(-1)).toBe(429);
      const response = await t.request({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
