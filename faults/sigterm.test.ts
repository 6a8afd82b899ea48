import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import {
  embeddedStore,
  loginAs,
  seedLandlordWithUnits,
  sleep,
  startServer,
  stopServer,
  unitBody,
  type Server,
  type Store,
} from './harness';

/**
 * SIGTERM under load: requests already in flight get their full answer, requests after it
 * are refused (503 on a connection already open, or no connection at all), nothing is lost,
 * and the process exits within 10 s.
 */
describe('SIGTERM during load', () => {
  let store: Store;
  let server: Server | undefined;
  afterAll(async () => {
    await stopServer(server);
    await store?.cleanup();
  });

  it('finishes in-flight requests, refuses new ones and exits within 10 s', async () => {
    store = embeddedStore();
    const { userName, propertyId } = await seedLandlordWithUnits(store, 200);
    // info level: the server logs every request it takes on ('incoming request').
    server = await startServer(store, { env: { LOG_LEVEL: 'info' } });
    const owner = await loginAs(server, userName);
    // Keep-alive connections, so some requests after the signal reach the closing server.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

    let signalAt = 0;
    let exitedAt = 0;
    const before: Promise<{ n: number; status: number | 'error'; id?: number; error?: string }>[] =
      [];
    const after: { startedAt: number; result: Promise<number | 'error'> }[] = [];
    let n = 0;
    let inFlight = 0;
    const send = (path: string, body?: unknown) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        inFlight++;
        const payload = body ? JSON.stringify(body) : undefined;
        const request = http.request(
          server!.url + path,
          {
            method: body ? 'POST' : 'GET',
            agent,
            timeout: 20_000,
            headers: {
              cookie: owner.cookie,
              ...(payload
                ? {
                    'content-type': 'application/json',
                    'content-length': Buffer.byteLength(payload),
                  }
                : {}),
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.end(payload);
      }).finally(() => inFlight--);

    // Load: unit creates (writes) and the full unit list (a slow read), 24 at a time.
    const stopLoad = Date.now() + 60_000;
    const workers = Array.from({ length: 24 }, async (_, w) => {
      // Until the process is gone: requests keep coming while it shuts down.
      while (Date.now() < stopLoad && !(exitedAt && Date.now() - exitedAt > 300)) {
        const i = n++;
        const startedAt = Date.now();
        const isWrite = w % 2 === 0;
        const result = (
          isWrite
            ? send(`/api/units?n=${i}`, unitBody(propertyId, `T${i}`))
            : send(`/api/units?mine=true&n=${i}`)
        ).then(
          (response) => ({
            n: i,
            status: response.status,
            id:
              isWrite && response.status === 201
                ? (JSON.parse(response.body) as { id: number }).id
                : undefined,
          }),
          (error: Error & { code?: string }) => ({
            n: i,
            status: 'error' as const,
            error: `${error.code ?? error.message} ${Date.now() - signalAt}ms after signal, sent ${startedAt - signalAt}`,
          }),
        );
        if (!signalAt) before.push(result);
        else after.push({ startedAt, result: result.then((r) => r.status) });
        await result;
      }
    });

    await sleep(4_000);
    const inFlightAtSignal = inFlight;
    signalAt = Date.now();
    server.kill('SIGTERM');
    const exit = await server.exited;
    exitedAt = exit.at;
    await Promise.all(workers);

    // Every request the server had taken on was answered in full. (A request still in the
    // kernel's queue when the listener closed never reached the app: TCP refuses it.)
    const takenOn = new Set<number>();
    for (const line of server.output().split('\n')) {
      const match = /"msg":"incoming request"/.test(line) && /[?&]n=(\d+)/.exec(line);
      if (match) takenOn.add(Number(match[1]));
    }
    const beforeResults = await Promise.all(before);
    expect(takenOn.size).toBeGreaterThan(0);
    const failedBefore = beforeResults.filter(
      (r) => takenOn.has(r.n) && r.status !== 200 && r.status !== 201,
    );
    expect(
      failedBefore,
      `exit ${JSON.stringify(exit)} ${exit.at - signalAt} ms after the signal`,
    ).toEqual([]);
    // Requests sent once the server had begun shutting down (its log says when it handled the
    // signal) got 503 or no connection.
    const shutdownLine = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"shutting down"'));
    expect(shutdownLine, 'the server logs when it starts shutting down').toBeDefined();
    const closingAt = Number(JSON.parse(shutdownLine!).time);
    const late = await Promise.all(
      after.filter((a) => a.startedAt > closingAt + 20).map((a) => a.result),
    );
    const notTakenOn = beforeResults.filter((r) => !takenOn.has(r.n)).map((r) => r.status);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((status) => status !== 503 && status !== 'error')).toEqual([]);
    expect(exit.code).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(10_000);
    expect(inFlightAtSignal).toBeGreaterThan(0);

    // Every acknowledged create survived the shutdown.
    server = await startServer(store);
    const again = await loginAs(server, userName);
    const units = await again.all<{ id: number }>('/api/units?mine=true');
    const present = new Set(units.map((u) => u.id));
    const acknowledged = beforeResults.filter((r) => r.id !== undefined).map((r) => r.id!);
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    console.log(
      `SIGTERM: ${before.length} requests before the signal (${inFlightAtSignal} in flight); the ${before.length - notTakenOn.length} the server had taken on all answered, ` +
        `${notTakenOn.length} still queued answered ${[...new Set(notTakenOn)].join('/') || '-'}; ` +
        `${late.length} after it, answered ${[...new Set(late)].join('/') || 'nothing'} (signal handled ${closingAt - signalAt} ms after it was sent); exit ${exit.code} after ${exit.at - signalAt} ms`,
    );
    agent.destroy();
  });
});
