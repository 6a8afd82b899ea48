import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { SESSION_COOKIE } from '../src/server/modules/auth';

/** What the browser benchmarks share: build the app, serve the build, log in over HTTP. */

const root = path.resolve(import.meta.dirname, '..');

/** BUILD_DIR (as for scripts/build.mjs) lets parallel runs keep their own builds. */
export function buildDirectory(): string {
  return path.resolve(root, process.env.BUILD_DIR ?? path.join('.tmp', 'bench-build'));
}

export function buildTheApp(buildDir: string): void {
  console.log('Building the app...');
  execFileSync('node', ['scripts/build.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: buildDir },
  });
}

export interface ServedBuild {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Serves a build in production mode on the scratch data (`env` from a Scratch) and waits
 * until it answers. Jobs stay off so that nothing changes the data while it is measured.
 */
export async function serveBuild(options: {
  buildDir: string;
  port: number;
  env: Record<string, string>;
}): Promise<ServedBuild> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const server = spawn(process.execPath, [path.join(options.buildDir, 'server', 'main.js')], {
    cwd: root,
    env: {
      ...inherited,
      ...options.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      WEB_ROOT: path.join(options.buildDir, 'web'),
      JOBS_ENABLED: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health in 60 s');
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

export interface LoggedIn {
  /** The session cookie's value. */
  session: string;
  /** The user as /api/authentication/me answers it (what the app keeps in localStorage). */
  user: unknown;
}

export async function logIn(
  baseUrl: string,
  userName: string,
  password: string,
): Promise<LoggedIn> {
  const response = await fetch(`${baseUrl}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (response.status !== 200)
    throw new Error(`login of ${userName} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`login of ${userName} set no session cookie`);
  const session = cookie.split(';')[0]!.slice(SESSION_COOKIE.length + 1);
  const me = await fetch(`${baseUrl}/api/authentication/me`, {
    headers: { cookie: `${SESSION_COOKIE}=${session}` },
  });
  return { session, user: await me.json() };
}
