import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../shared/constants';
import type { Membership } from '../../shared/schemas/organisations';
import { userSchema, type SignedInUser, type User } from '../../shared/schemas/users';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { returnEmbeddedDatabase, takeEmbeddedDatabase } from './embedded-pool';
import { returnPostgresDatabase, takePostgresDatabase } from './postgres-pool';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Moves the app's clock (for session expiry and 'today'). */
  clock: { now: Date; advance(ms: number): void };
  /** Every SQL statement the app ran since the last reset. */
  queries: string[];
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database of its own: PGlite by default, PostgreSQL
 * when TEST_DATABASE_URL is set. Tests talk to it over HTTP (Fastify's inject).
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const queries: string[] = [];
  const onQuery = (query: string) => queries.push(query);
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: DatabaseHandle;
  let closeDatabase: () => Promise<void>;

  if (serverUrl) {
    const name = await takePostgresDatabase(serverUrl);
    database = await openDatabase({
      databaseUrl: withDatabase(serverUrl, name),
      onQuery,
      poolSize: 4,
      statementTimeoutMs: overrides.statementTimeoutMs,
    });
    const handle = database;
    closeDatabase = async () => {
      await handle.close();
      await returnPostgresDatabase(serverUrl, name);
    };
  } else {
    const pglite = await takeEmbeddedDatabase();
    database = await openDatabase({
      pglite,
      onQuery,
      maxQueuedQueries: overrides.maxQueuedQueries,
    });
    closeDatabase = () => returnEmbeddedDatabase(pglite);
  }

  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  // Uploaded files go to a folder of this app's own, removed on close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'porchlight-test-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    webRoot: null,
    dataDir,
    now: () => clock.now,
    jobs: { enabled: false, pollMs: 1_000 },
    ...overrides,
  };
  const app = await buildApp({ database, config });
  await app.ready();

  return {
    app,
    database,
    config,
    clock,
    queries,
    request: (options) => app.inject(options),
    close: async () => {
      await app.close();
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  user: User;
  /** The organisation the session acts for (login's answer), or null. */
  organisation: Membership | null;
  cookie: string;
  password: string;
  /** A request carrying this user's session cookie. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let userCounter = 0;

/** Signs up a user with the given role through the API and logs them in. */
export async function signUpAndLogin(
  testApp: TestApp,
  role: Exclude<Role, 'Admin'> | 'Admin',
  userName = `${role.toLowerCase()}${++userCounter}_${randomBytes(3).toString('hex')}`,
): Promise<TestUser> {
  const password = 'tidy-lantern-orchard-42';
  const signupRole = role === 'Admin' ? 'Landlord' : role;
  const signup = await testApp.request({
    method: 'POST',
    url: '/api/users',
    payload: {
      Username: userName,
      Password: password,
      Roles: [signupRole],
      Email: `${userName}@example.com`,
      Phone: '+12125550100',
    },
  });
  if (signup.statusCode !== 201)
    throw new Error(`sign-up failed: ${signup.statusCode} ${signup.body}`);
  if (role === 'Admin') {
    // Admin can never be chosen at sign-up; promote directly in the database, as the CLI does.
    const { usersTable } = await import('../modules/users');
    const { eq } = await import('drizzle-orm');
    await testApp.database.db
      .update(usersTable)
      .set({ roles: ['Admin'] })
      .where(eq(usersTable.id, signup.json().id));
  }
  return login(testApp, userName, password);
}

export async function login(
  testApp: TestApp,
  userName: string,
  password: string,
): Promise<TestUser> {
  const response = await testApp.request({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { userName, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((c) => c.name === 'porchlight_session');
  if (!session) throw new Error('login set no session cookie');
  const cookie = `${session.name}=${session.value}`;
  const answer = response.json() as SignedInUser;
  return {
    user: userSchema.parse(answer),
    organisation: answer.organisation,
    cookie,
    password,
    request: (options) => testApp.request({ ...options, headers: { ...options.headers, cookie } }),
  };
}
