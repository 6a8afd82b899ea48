import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../src/server/test/tcp-proxy';
import {
  landlord,
  postgresStore,
  postgresUrl,
  propertyBody,
  sleep,
  startServer,
  stopServer,
  type Client,
  type Server,
  type Store,
} from './harness';

/**
 * PostgreSQL going away under load. The machine's PostgreSQL is shared with other test runs,
 * so it is never stopped: the server reaches it through a TCP proxy of our own that is cut
 * and restored, and 'a restart' is every connection of the database being terminated.
 */
describe.skipIf(!postgresUrl)('PostgreSQL unavailable during load', () => {
  let store: Store;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: Server;
  let owner: Client;
  let propertyId: number;

  beforeAll(async () => {
    store = await postgresStore();
    const direct = new URL(store.databaseUrl!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(store.databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer({ databaseUrl: viaProxy.toString(), cleanup: async () => {} });
    owner = await landlord(server);
    const created = await owner.call('POST', '/api/properties', propertyBody);
    propertyId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await stopServer(server);
    if (process.env.FAULTS_LOG) writeFileSync(process.env.FAULTS_LOG, server?.output() ?? '');
    await proxy?.close();
    await store?.cleanup();
  });

  /** What the server logged about answers it did not expect to give (for a failure message). */
  const unexpectedErrors = () =>
    server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line))
      .slice(0, 3)
      .join('\n')
      .slice(0, 3000);

  /** Runs 8 clients in a loop (a public read, a session read, the health check) until stopped. */
  function load() {
    const results: { at: number; status: number | 'error'; ms: number; path: string }[] = [];
    let running = true;
    const paths = [`/api/properties/${propertyId}`, '/api/authentication/me', '/api/health'];
    const workers = Array.from({ length: 8 }, async (_, w) => {
      while (running) {
        const started = Date.now();
        const status = await owner.call('GET', paths[w % paths.length]!).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 'error' as const,
        );
        results.push({
          at: started,
          status,
          ms: Date.now() - started,
          path: paths[w % paths.length]!,
        });
        if (status !== 200) await sleep(50);
      }
    });
    return {
      results,
      stop: async () => {
        running = false;
        await Promise.all(workers);
      },
    };
  }

  it('answers 503 while the database is unreachable and recovers by itself', async () => {
    const traffic = load();
    await sleep(1_500);
    const cutAt = Date.now();
    await proxy.cut();
    await sleep(3_000);
    const restoredAt = Date.now();
    await proxy.restore();
    await sleep(4_000);
    await traffic.stop();

    const { results } = traffic;
    const before = results.filter((r) => r.at + r.ms < cutAt);
    const during = results.filter((r) => r.at > cutAt + 200 && r.at + r.ms < restoredAt);
    const after = results.filter((r) => r.at > restoredAt + 2_000);
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((r) => r.status !== 200)).toEqual([]);
    // Meanwhile: a clear 503 (never a 500, never a dropped connection), and quickly.
    expect(during.length).toBeGreaterThan(0);
    expect([...new Set(during.map((r) => r.status))], unexpectedErrors()).toEqual([503]);
    // By itself, without a restart, it serves again.
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.filter((r) => r.status === 'error' || r.status === 500)).toEqual([]);
    const firstOk = results.find((r) => r.at > restoredAt && r.status === 200);
    console.log(
      `PostgreSQL cut for 3 s: ${before.length} answers before (200), ${during.length} during (503, slowest ${Math.max(...during.map((r) => r.ms))} ms), ` +
        `first 200 ${firstOk ? firstOk.at - restoredAt : '?'} ms after it came back, ${after.length} answers after (200)`,
    );
  });

  it('survives every database connection being terminated (as in a PostgreSQL restart)', async () => {
    const traffic = load();
    await sleep(1_000);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const database = new URL(store.databaseUrl!).pathname.slice(1);
    const killedAt = Date.now();
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    await admin.end();
    await sleep(3_000);
    await traffic.stop();
    const { results } = traffic;
    expect(rowCount).toBeGreaterThan(0);
    // Some requests may see the dropped connections (503); none fails otherwise, and it recovers.
    expect(
      results.filter((r) => r.status !== 200 && r.status !== 503),
      unexpectedErrors(),
    ).toEqual([]);
    const late = results.filter((r) => r.at > killedAt + 1_500);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((r) => r.status !== 200)).toEqual([]);
    console.log(
      `${rowCount} connections terminated: ${results.filter((r) => r.status === 503).length} answers were 503, then all 200 again`,
    );
  });
});
