// What every benchmark group shares: starting the server on a database, timing one call with
// autocannon (a probe first, the server's peak memory beside it), logging in.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { rssMb } from './memory';

const root = path.resolve(import.meta.dirname, '..');

export interface Row {
  name: string;
  method: string;
  path: string;
  connections: number;
  status: 'ok' | 'not available';
  note?: string;
  requestsPerSec?: number;
  p50Ms?: number;
  p99Ms?: number;
  non2xx?: number;
  errors?: number;
  peakRssMb?: number;
  bytesPerResponse?: number;
}

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  headers?: Record<string, string>;
  body?: () => unknown;
  expectStatus: number;
  /** Connections for this row (default: the run's). */
  connections?: number;
}

/** How long each row runs, and its connections when the row names none. */
export interface Timing {
  durationSeconds: number;
  connections: number;
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

/** The server (or another script) on `port`, on the database `env` names (DATABASE_URL or DATA_DIR). */
export function startServer(script: string, port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Every benchmark connection comes from one address: measure throughput, not the search limit.
      SEARCHES_PER_MINUTE: '0',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (code ${child.exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.status < 500 || response.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function measure(baseUrl: string, pid: number, target: Target, timing: Timing): Promise<Row> {
  const connections = target.connections ?? timing.connections;
  const row: Row = {
    name: target.name,
    method: target.method,
    path: target.path,
    connections,
    status: 'ok',
  };
  const headers: Record<string, string> = { 'content-type': 'application/json', ...target.headers };
  if (target.cookie) headers.cookie = target.cookie;
  // One probe first: a route that does not exist yet (or answers an error) is reported, not timed.
  const probe = await fetch(baseUrl + target.path, {
    method: target.method,
    headers,
    body: target.body ? JSON.stringify(target.body()) : undefined,
  });
  const probeBody = await probe.arrayBuffer();
  if (probe.status !== target.expectStatus) {
    return { ...row, status: 'not available', note: `probe answered ${probe.status}` };
  }
  row.bytesPerResponse = probeBody.byteLength;

  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: timing.durationSeconds,
    requests: [
      {
        method: target.method,
        path: target.path,
        headers,
        ...(target.body
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                body: JSON.stringify(target.body!()),
              }),
            }
          : {}),
      },
    ],
  });
  clearInterval(sampler);
  return {
    ...row,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    peakRssMb: Math.round(peak),
  };
}

/**
 * Waits until the server has worked off the previous row (requests still queued when
 * autocannon stopped, garbage collection of big answers): three quick health checks in a row.
 */
export async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
    quick = performance.now() - started < 25 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The session cookie of `userName` signed in with `password`. */
export async function login(baseUrl: string, userName: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('porchlight_session='));
  return cookie!.split(';')[0]!;
}

/** Each target in turn, once the server has settled, printing its figures as it goes. */
export async function runRows(
  baseUrl: string,
  pid: number,
  targets: Target[],
  timing: Timing,
): Promise<Row[]> {
  const measured: Row[] = [];
  for (const target of targets) {
    await settle(baseUrl);
    process.stdout.write(`measuring ${target.name}... `);
    const row = await measure(baseUrl, pid, target, timing);
    console.log(
      row.status === 'ok'
        ? `${row.requestsPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`
        : `${row.status} (${row.note})`,
    );
    measured.push(row);
  }
  return measured;
}
