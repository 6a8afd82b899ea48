import { z } from 'zod';
import path from 'node:path';
import { webDistFolder } from './paths';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  TRUST_PROXY: booleanish,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  TIME_ZONE: z.string().default('America/New_York'),
  WEB_ROOT: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: boolean;
  logLevel: string;
  session: { idleMs: number; absoluteMs: number };
  /** The landlord's calendar: decides what 'today' is for lease status. */
  timeZone: string;
  /** Where the built SPA lives; null serves no front end (API tests). */
  webRoot: string | null;
  admin: { username: string; password: string } | null;
  /** The clock, replaceable in tests of expiry. */
  now: () => Date;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    session: {
      idleMs: e.SESSION_IDLE_HOURS * 3600_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    },
    timeZone: e.TIME_ZONE,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : webDistFolder,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    now: () => new Date(),
  };
}
