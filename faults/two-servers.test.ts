import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callWith,
  landlord,
  postgresStore,
  postgresUrl,
  startServer,
  stopServer,
  type Server,
  type Store,
} from './harness';

/** Two server processes on one PostgreSQL share every session: nothing lives in process memory. */
describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL', () => {
  let store: Store;
  let one: Server;
  let two: Server;
  beforeAll(async () => {
    store = await postgresStore();
    // Started together: the migration lock lets one migrate while the other waits.
    [one, two] = await Promise.all([startServer(store), startServer(store)]);
  });
  afterAll(async () => {
    await stopServer(one);
    await stopServer(two);
    await store?.cleanup();
  });

  it('accepts on one server a session made on the other, and a logout on either ends it on both', async () => {
    const user = await landlord(one);
    const meOn = (server: Server) =>
      callWith(server.url, user.cookie, 'GET', '/api/authentication/me');
    expect((await meOn(one)).status).toBe(200);
    expect((await meOn(two)).status).toBe(200);

    // A record written through one is read through the other.
    const created = await callWith(two.url, user.cookie, 'POST', '/api/properties', {
      name: 'Twin Towers Court',
      description: null,
      address: '2 Pair Rd',
      city: 'Springfield',
      state: 'NY',
      zipCode: '10001',
      imageUrl: null,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await callWith(one.url, user.cookie, 'GET', `/api/properties/${id}`)).status).toBe(200);

    const logout = await callWith(two.url, user.cookie, 'POST', '/api/authentication/logout');
    expect(logout.status).toBe(204);
    expect((await meOn(one)).status).toBe(401);
    expect((await meOn(two)).status).toBe(401);
  });

  it('counts failed logins across both processes: alternating servers buys no extra guesses', async () => {
    const failUntilLimited = async (userName: string, servers: Server[]) => {
      for (let i = 0; i < 40; i++) {
        const response = await fetch(
          `${servers[i % servers.length]!.url}/api/authentication/login`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userName, password: `wrong-guess-${i}` }),
          },
        );
        if (response.status === 429) {
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
          return i;
        }
        expect(response.status).toBe(401);
      }
      throw new Error('never limited');
    };
    const alone = await landlord(one);
    const shared = await landlord(one);
    const onOne = await failUntilLimited(alone.userName, [one]);
    const alternating = await failUntilLimited(shared.userName, [one, two]);
    expect(onOne).toBeLessThanOrEqual(10);
    // Counted per process, alternating would get twice as many guesses.
    expect(alternating).toBe(onOne);
  });
});
