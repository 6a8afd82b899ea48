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
});
