import { spawn, type ChildProcess } from 'node:child_process';
import { toCents } from '../src/shared/money';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Real server processes for the fault suite: the app started as `npm start` starts it (the
 * production build, which faults/global-setup.ts makes when stale) on a port of its own, on an
 * embedded data folder or a PostgreSQL database, killed and restarted at will.
 */
export const projectRoot = path.resolve(import.meta.dirname, '..');
/** PostgreSQL server for the PostgreSQL cases (skipped without it). */
export const postgresUrl =
  process.env.TEST_DATABASE_URL || process.env.FAULTS_DATABASE_URL || undefined;

const PORT_RANGE = { from: 3307, to: 3320 };
const taken = new Set<number>();

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free port of the suite's own range (never 3000/3100: other people's servers live there). */
export async function freePort(): Promise<number> {
  for (let port = PORT_RANGE.from; port <= PORT_RANGE.to; port++) {
    if (taken.has(port)) continue;
    if (await isFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
}

export function releasePort(port: number): void {
  taken.delete(port);
}

export interface Store {
  dataDir?: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export function embeddedStore(): Store {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'porchlight-faults-'));
  return {
    dataDir: path.join(folder, 'data'),
    cleanup: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

export async function postgresStore(serverUrl = postgresUrl!): Promise<Store> {
  const name = `porchlight_faults_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Server {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code/signal and how long after `since` it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(signal: NodeJS.Signals): void;
}

export async function startServer(
  store: Store,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<Server> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  if (store.dataDir) env.DATA_DIR = store.dataDir;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => {
        releasePort(port);
        resolve({ code, signal, at: Date.now() });
      }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    await sleep(150);
  }
  return { url, port, child, output: () => output, exited, kill: (signal) => child.kill(signal) };
}

export async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Client {
  cookie: string;
  userId: number;
  call(method: string, url: string, body?: unknown): Promise<Response>;
  /** Every row of a list call, following its `Link: rel="next"` pages. */
  all<Row>(url: string): Promise<Row[]>;
}

const PASSWORD = 'tidy-lantern-orchard-42';

/** Signs up a landlord on `server` and logs in. */
export async function landlord(server: Server): Promise<Client & { userName: string }> {
  const userName = `faults_${randomBytes(4).toString('hex')}`;
  const signup = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Username: userName,
      Password: PASSWORD,
      Roles: ['Landlord'],
      Email: null,
      Phone: null,
    }),
  });
  if (signup.status !== 201)
    throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const client = await loginAs(server, userName);
  return { ...client, userName };
}

export async function loginAs(server: Server, userName: string): Promise<Client> {
  const response = await fetch(`${server.url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('porchlight_session='))!
    .split(';')[0]!;
  const user = (await response.json()) as { id: number };
  return {
    cookie,
    userId: user.id,
    call: (method, url, body) => callWith(server.url, cookie, method, url, body),
    all: async <Row>(url: string) => {
      const rows: Row[] = [];
      let next: string | undefined = url;
      while (next) {
        const response = await callWith(server.url, cookie, 'GET', next);
        if (response.status !== 200) throw new Error(`GET ${next}: ${response.status}`);
        rows.push(...((await response.json()) as Row[]));
        next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      }
      return rows;
    },
  };
}

export function callWith(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Response> {
  return fetch(base + url, {
    method,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
}

export const propertyBody = {
  name: 'Fault Line Apartments',
  description: null,
  address: '1 Main St',
  city: 'Springfield',
  state: 'NY',
  zipCode: '10001',
  imageUrl: null,
};
export const unitBody = (propertyId: number, unitNumber: string) => ({
  unitNumber,
  propertyId,
  description: null,
  imageUrl: null,
  bedrooms: 1,
  bathrooms: 1,
  squareFeet: 500,
  rent: 1000,
  status: 'Available',
});

/**
 * A landlord with one property of `units` Available units, written straight to the store
 * before any server starts (setup, not the thing under test, so it need not be slow).
 */
export async function seedLandlordWithUnits(
  store: Store,
  units: number,
): Promise<{ userName: string; propertyId: number; unitIds: number[] }> {
  const { openMigratedDatabase } = await import('../src/server/database');
  const { insertUser } = await import('../src/server/cli/seed/generate');
  const { propertiesTable } = await import('../src/server/modules/properties');
  const { unitsTable } = await import('../src/server/modules/units');
  const { organisationOf } = await import('../src/server/test/fixtures');
  const database = await openMigratedDatabase({
    databaseUrl: store.databaseUrl,
    dataDir: store.dataDir ?? '',
  });
  try {
    const userName = `faults_${randomBytes(4).toString('hex')}`;
    const userId = await insertUser(
      database.db,
      { userName, password: PASSWORD, roles: ['Landlord'] },
      { email: null, phone: null },
    );
    const [property] = await database.db
      .insert(propertiesTable)
      .values({ ...propertyBody, userId, organisationId: organisationOf(userId) })
      .returning({ id: propertiesTable.id });
    const rows = await database.db
      .insert(unitsTable)
      .values(
        Array.from({ length: units }, (_, i) => ({
          ...unitBody(property!.id, `K${i}`),
          rent: toCents(unitBody(property!.id, `K${i}`).rent),
          status: 'Available' as const,
        })),
      )
      .returning({ id: unitsTable.id });
    return { userName, propertyId: property!.id, unitIds: rows.map((r) => r.id) };
  } finally {
    await database.close();
  }
}
