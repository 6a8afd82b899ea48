import { z } from 'zod';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { webDistFolder } from './paths';
import { DEFAULT_RESPONSE_TARGETS, type ResponseTargets } from '../shared/maintenance';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  KEEP_ALIVE_SECONDS: z.coerce.number().positive().default(5),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
  STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).default(10),
  EMBEDDED_MAX_QUEUED_QUERIES: z.coerce.number().int().min(0).default(64),
  SEARCHES_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  PUBLIC_LIST_CACHE_MB: z.coerce.number().min(0).default(16),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  TIME_ZONE: z.string().default('America/New_York'),
  // Hours within which a maintenance request must be acknowledged, by priority.
  MAINTENANCE_EMERGENCY_HOURS: z.coerce.number().positive().max(8760).optional(),
  MAINTENANCE_URGENT_HOURS: z.coerce.number().positive().max(8760).optional(),
  MAINTENANCE_ROUTINE_HOURS: z.coerce.number().positive().max(8760).optional(),
  JOBS_ENABLED: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  WEB_ROOT: z.string().optional(),
  // Outgoing mail (password reset by email): unset, mail is not configured. An empty value counts as unset.
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUrlOf(value, ['smtp:', 'smtps:']), {
      message: 'must be a URL such as smtp://user:password@mail.example.com:587 (or smtps://)',
    }),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || isOneSender(value), {
      message: 'must be one sender, such as Porchlight <no-reply@example.com>',
    }),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUrlOf(value, ['http:', 'https:']), {
      message:
        'must be the http(s) address users reach the app at, such as https://rent.example.com',
    })
    .transform((value) => value?.replace(/\/+$/, '')),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // Paying rent by card through Stripe Checkout: both keys or neither. Empty counts as unset.
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || /^(sk|rk)_\S+$/.test(value), {
      message: 'must be a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)',
    }),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || /^whsec_\S+$/.test(value), {
      message: 'must be the signing secret of the Stripe webhook endpoint (whsec_...)',
    }),
  // Uploads in an S3-compatible bucket instead of DATA_DIR: endpoint, bucket and keys, or none.
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || isStorageEndpoint(value), {
      message:
        'must be the http(s) address of the storage server, without credentials, query or bucket, such as https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000',
    }),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    }),
  S3_REGION: z
    .string()
    .optional()
    .transform((value) => value?.trim() || 'us-east-1')
    .refine((value) => /^[a-z0-9-]{1,32}$/.test(value), {
      message: 'must be a region name such as us-east-1',
    }),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  // Daily backups into this folder (unset or empty: none); the oldest are deleted after the days kept.
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
});

const MAIL_TIMEOUT_MS = 10_000;

function isOneSender(value: string): boolean {
  if (value.length > 320 || /[\r\n]/.test(value) || value.includes('\u0000')) return false;
  const parsed = addressparser(value);
  return parsed.length === 1 && /^[^@\s]+@[^@\s]+$/.test(parsed[0]?.address ?? '');
}

function isStorageEndpoint(value: string): boolean {
  if (!isUrlOf(value, ['http:', 'https:'])) return false;
  const url = new URL(value);
  return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
}

function isUrlOf(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** How the server sends mail; null in Config when SMTP_URL is unset. */
export interface MailConfig {
  /** smtp://user:password@host:port (STARTTLS when the server offers it) or smtps://. */
  smtpUrl: string;
  /** The From of every mail. */
  from: string;
  /** Connection, greeting and socket timeouts of one delivery. */
  timeoutMs: number;
}

/** Card payments through Stripe Checkout; null in Config when the keys are unset. */
export interface StripeConfig {
  secretKey: string;
  /** Verifies that a webhook call comes from Stripe. */
  webhookSecret: string;
  /**
   * Where the Stripe client sends API calls, such as http://127.0.0.1:12111; unset: Stripe's
   * own servers. A test and development setting only (tests point it at a local stand-in).
   */
  apiBase?: string;
}

/** An S3-compatible bucket for uploads; null in Config when the S3_ settings are unset. */
export interface ObjectStorageConfig {
  /** http(s) address of the server; objects are at <endpoint>/<bucket>/<key> (path-style). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Which reverse proxies may name the client (X-Forwarded-*); never every hop. */
  trustProxy: TrustProxy;
  /** Longest time a request may take to arrive (headers and body), and a socket may stay silent. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold (0: no cap); trusted proxies are exempt. */
  maxConnectionsPerAddress: number;
  /** PostgreSQL cancels a statement that runs longer (0: never). */
  statementTimeoutMs: number;
  /** The embedded database answers 503 when this many queries already wait (0: no bound). */
  maxQueuedQueries: number;
  /** Public searches (q without mine=true) one address may make a minute (0: no limit). */
  searchesPerMinute: number;
  /** Sign-ups one address may make an hour: loose, so an office behind one address is not blocked. */
  signupsPerHour: number;
  /** Memory for the public property list's answers, kept until a write changes them (0: none). */
  publicListCacheBytes: number;
  logLevel: string;
  session: { idleMs: number; absoluteMs: number };
  /** The landlord's calendar: decides what 'today' is for lease status. */
  timeZone: string;
  /** Response targets of maintenance requests, in hours by priority. */
  responseTargets: ResponseTargets;
  /** The background jobs runner: off in API tests, which run due jobs by hand. */
  jobs: { enabled: boolean; pollMs: number };
  /** Where the built SPA lives; null serves no front end (API tests). */
  webRoot: string | null;
  admin: { username: string; password: string } | null;
  /** Outgoing mail; null: not configured (no password reset by email). */
  mail: MailConfig | null;
  /**
   * The address users reach the app at, without a trailing slash: links in mail are built
   * from it, never from a request's Host header. Required with mail.
   */
  publicUrl: string | null;
  /** Rent paid by card; null: not configured (nothing about card payments appears). */
  stripe: StripeConfig | null;
  /** Where uploads are kept when not in dataDir; null: a folder 'uploads' in dataDir. */
  objectStorage: ObjectStorageConfig | null;
  /**
   * Daily backups (docs/decisions/0017-backups.md): into `dir` (null: none), each kept
   * `keepDays` days.
   */
  backup: { dir: string | null; keepDays: number };
  /**
   * The secret that lets `npm run backup` on this machine ask the running server for a backup
   * (POST /api/backups); main.ts makes one at start and writes it into the data folder,
   * readable by its owner only. Null: the call answers 404.
   */
  backupToken: string | null;
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
  if (e.SMTP_URL && (!e.MAIL_FROM || !e.PUBLIC_URL)) {
    throw new Error(
      'Invalid configuration:\n  SMTP_URL needs MAIL_FROM (the sender) and PUBLIC_URL (for the links in mail)',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both (tenants may pay by card) or neither',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY needs PUBLIC_URL (where Stripe sends the tenant back after paying)',
    );
  }
  const s3Settings = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const s3Missing = Object.entries(s3Settings).filter(([, value]) => !value);
  if (s3Missing.length > 0 && s3Missing.length < Object.keys(s3Settings).length) {
    throw new Error(
      `Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (uploads in object storage) or none (uploads in DATA_DIR); missing: ${s3Missing.map(([name]) => name).join(', ')}`,
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.KEEP_ALIVE_SECONDS * 1000,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_SECONDS * 1000,
    maxQueuedQueries: e.EMBEDDED_MAX_QUEUED_QUERIES,
    searchesPerMinute: e.SEARCHES_PER_MINUTE,
    signupsPerHour: e.SIGNUPS_PER_HOUR,
    publicListCacheBytes: Math.round(e.PUBLIC_LIST_CACHE_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    session: {
      idleMs: e.SESSION_IDLE_HOURS * 3600_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    },
    timeZone: e.TIME_ZONE,
    responseTargets: {
      Emergency: e.MAINTENANCE_EMERGENCY_HOURS ?? DEFAULT_RESPONSE_TARGETS.Emergency,
      Urgent: e.MAINTENANCE_URGENT_HOURS ?? DEFAULT_RESPONSE_TARGETS.Urgent,
      Routine: e.MAINTENANCE_ROUTINE_HOURS ?? DEFAULT_RESPONSE_TARGETS.Routine,
    },
    jobs: { enabled: e.JOBS_ENABLED, pollMs: e.JOBS_POLL_MS },
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : webDistFolder,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, timeoutMs: MAIL_TIMEOUT_MS }
        : null,
    publicUrl: e.PUBLIC_URL ?? null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
    objectStorage:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : null,
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : null,
      keepDays: e.BACKUP_KEEP_DAYS,
    },
    backupToken: null,
    now: () => new Date(),
  };
}
