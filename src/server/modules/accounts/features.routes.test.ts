import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/features: a fresh install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const features = async () =>
    (await t.request({ method: 'GET', url: '/api/features' })).json() as {
      freshInstall: boolean;
      timeZone: string;
    };

  it("names the server's calendar (TIME_ZONE), the browser's 'today'", async () => {
    expect((await features()).timeZone).toBe('America/New_York');
  });

  it('is fresh until the first account exists, and then never again', async () => {
    expect((await features()).freshInstall).toBe(true);
    const signup = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: {
        Username: 'first-landlord',
        Password: 'tidy-lantern-orchard-42',
        Roles: ['Landlord'],
        Email: null,
        Phone: null,
      },
    });
    expect(signup.statusCode).toBe(201);
    expect((await features()).freshInstall).toBe(false);
  });
});

describe('GET /api/features: another TIME_ZONE', () => {
  it('names the configured time zone', async () => {
    const t = await createTestApp({ timeZone: 'Pacific/Auckland' });
    try {
      const answer = await t.request({ method: 'GET', url: '/api/features' });
      expect(answer.json()).toMatchObject({ timeZone: 'Pacific/Auckland' });
    } finally {
      await t.close();
    }
  });
});
