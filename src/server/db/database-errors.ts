import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * What an error from the database driver is, told apart from everything else: only the
 * driver's errors may count as a database outage (a client dropping its upload is not
 * one), and their messages carry the statement's parameters (names, emails, password
 * hashes), so the log gets their code and table instead.
 */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  severity?: unknown;
  syscall?: unknown;
  table?: unknown;
  constraint?: unknown;
  column?: unknown;
  routine?: unknown;
  query?: unknown;
  stack?: unknown;
}

function* chain(error: unknown): Generator<ErrorLike> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** node-postgres's own words for a lost or impossible connection. */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;
const NETWORK_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
];

/** A PostgreSQL error (either driver): a SQLSTATE code with a severity. */
function isServerError(e: ErrorLike): boolean {
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
}

/**
 * Raised by the database driver: a failed query (Drizzle's wrapper or a PostgreSQL error),
 * or the pool failing to connect (the only outbound connections this server makes).
 */
export function isDatabaseError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e instanceof DrizzleQueryError || isServerError(e)) return true;
    if (typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) return true;
    if (e.syscall === 'connect' || e.syscall === 'getaddrinfo') return true;
  }
  return false;
}

/** The driver could not reach the database (down, restarting, refusing connections). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!isDatabaseError(error)) return false;
  for (const { code, message } of chain(error)) {
    if (typeof code === 'string') {
      if (NETWORK_CODES.includes(code)) return true;
      // Class 08: connection exception; 57P0x: admin shutdown, crash, cannot connect now.
      if (/^08/.test(code) || /^57P0/.test(code)) return true;
    }
    if (typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * The database is saturated: the embedded queue is full (DATABASE_BUSY), or PostgreSQL
 * cancelled a statement that ran past statement_timeout (57014).
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (const { code } of chain(error)) {
    if (code === 'DATABASE_BUSY' || code === '57014') return true;
  }
  return false;
}

/**
 * A value the database refused as data: class 22 (bad date, out of range, bad text
 * encoding, malformed number) or a CHECK constraint (23514). Validation should have
 * caught it; when it did not, it is still the client's value, not the server's fault.
 */
export function isDatabaseDataError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (isServerError(e)) return /^22/.test(e.code as string) || e.code === '23514';
  }
  return false;
}

/**
 * A concurrent transaction won: a deadlock (40P01), a serialization failure (40001), or a
 * unique key that another transaction filled since this one looked (23505). Run again, the
 * transaction sees the winner's rows and answers as the service would have; a loss that
 * remains after the retries is a conflict (409), never a server error.
 */
export function isLostRace(error: unknown): boolean {
  for (const e of chain(error)) {
    if (isServerError(e)) return ['40P01', '40001', '23505'].includes(e.code as string);
  }
  return false;
}

/** The first table a statement names (INSERT INTO / UPDATE / DELETE FROM / FROM "x"). */
function tableOf(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  return /\b(?:insert\s+into|update|from)\s+"?([A-Za-z_][\w]*)"?/i.exec(query)?.[1];
}

export interface DatabaseErrorSummary {
  type: 'DatabaseError';
  code: string | undefined;
  table: string | undefined;
  constraint: string | undefined;
  column: string | undefined;
  routine: string | undefined;
  /** The call stack without the message (which carries the statement and its parameters). */
  stack: string | undefined;
}

/** Code, table and constraint of a database error: never its message, detail or parameters. */
export function summarizeDatabaseError(error: unknown): DatabaseErrorSummary {
  const summary: DatabaseErrorSummary = {
    type: 'DatabaseError',
    code: undefined,
    table: undefined,
    constraint: undefined,
    column: undefined,
    routine: undefined,
    stack: undefined,
  };
  for (const e of chain(error)) {
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    summary.code ??= typeof e.code === 'string' ? e.code : undefined;
    summary.table ??= text(e.table) ?? tableOf(e.query);
    summary.constraint ??= text(e.constraint);
    summary.column ??= text(e.column);
    summary.routine ??= text(e.routine);
    if (summary.stack === undefined && typeof e.stack === 'string') {
      const frames = e.stack.indexOf('\n    at ');
      summary.stack = frames === -1 ? undefined : e.stack.slice(frames + 1);
    }
  }
  return summary;
}

/** pino's `err` serializer: database errors summarized, every other error as pino writes it. */
export function serializeError(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  if (!isDatabaseError(error)) return stdSerializers.err(error);
  const summary = summarizeDatabaseError(error);
  return {
    ...summary,
    message: `database error ${summary.code ?? ''}`.trim(),
    stack: summary.stack ?? '',
  };
}
