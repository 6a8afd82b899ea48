import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Membership } from '../shared/schemas/organisations';
import type { User } from '../shared/schemas/users';
import type { Database } from './db/client';
import { isLostRace } from './db/database-errors';

/**
 * Who is acting. A visitor has no account (sign-up, a rental application); the system is
 * a job or the command line, named so that the audit trail says which.
 */
export type Actor =
  | {
      kind: 'user';
      user: User;
      /** The organisation the user acts for, and their role in it (decision 0029). */
      membership?: Membership | null;
    }
  | { kind: 'visitor' }
  | { kind: 'system'; name: string };

/**
 * What every service receives: who acts, the one `now` of this request, the request id
 * (also in the log lines and the audit events) and the transaction all its writes share.
 */
export interface Context {
  actor: Actor;
  now: Date;
  requestId: string;
  tx: Database;
  /** The landlord's calendar: decides what 'today' is. */
  timeZone: string;
}

/** A unit of work: one transaction, one context. Routes and jobs run services, never tables. */
export type Service<Input, Output> = (ctx: Context, input: Input) => Promise<Output>;

/**
 * A read: the same context as a service (who asks decides what they may see; `now` and the
 * landlord's calendar decide what 'today' is). Run by runQuery, where `ctx.tx` is the database
 * itself unless the read asks for one snapshot; a service may call a read with its own context.
 */
export type Read<Input, Output> = (ctx: Context, input: Input) => Promise<Output>;

type ContextBase = Omit<Context, 'tx'>;

/** The caller of a request: its logged-in user, or a visitor. */
export function actorOf(request: FastifyRequest): Actor {
  return request.user
    ? { kind: 'user', user: request.user, membership: request.membership }
    : { kind: 'visitor' };
}

export function requestContext(request: FastifyRequest): ContextBase {
  const { config } = request.server;
  return {
    actor: actorOf(request),
    now: config.now(),
    requestId: request.id,
    timeZone: config.timeZone,
  };
}

/** How many times a service runs when concurrent transactions keep beating it. */
export const SERVICE_ATTEMPTS = 3;

/**
 * Runs the service in a transaction; when a concurrent transaction won (deadlock,
 * serialization failure, a unique key filled meanwhile) it runs again from the start, after
 * a short random pause, so the rivals no longer meet. Everything a service does is in its
 * transaction (mail and notifications go through the outbox), so a rerun repeats nothing.
 * A loss on the last attempt reaches the error handler, which answers 409.
 */
async function inTransaction<Input, Output>(
  db: Database,
  base: ContextBase,
  service: Service<Input, Output>,
  input: Input,
  config?: PgTransactionConfig,
): Promise<Output> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => service({ ...base, tx }, input), config);
    } catch (error) {
      // Inside an outer transaction the rerun would meet the same locks: the outer one decides.
      if (attempt >= SERVICE_ATTEMPTS || !isLostRace(error) || db instanceof PgTransaction) {
        throw error;
      }
      await setTimeout(5 + Math.random() * 20 * attempt);
    }
  }
}

/** Runs a service for an HTTP request, in one transaction: all its writes or none. */
export function runService<Input, Output>(
  request: FastifyRequest,
  service: Service<Input, Output>,
  input: Input,
): Promise<Output> {
  return inTransaction(request.server.db, requestContext(request), service, input);
}

/**
 * Runs a read for an HTTP request, with the context runService gives. By default in no
 * transaction: each statement takes a pooled connection and gives it back, as reads did
 * before they took a context (a transaction costs two round trips, and on the embedded
 * database holds its one connection between statements; decision 0026). A read whose
 * statements must agree (a document made of several lists) asks for a snapshot: one
 * read-only transaction at repeatable read, where every statement sees the same commits.
 */
export function runQuery<Input, Output>(
  request: FastifyRequest,
  read: Read<Input, Output>,
  input: Input,
  { snapshot = false }: { snapshot?: boolean } = {},
): Promise<Output> {
  const { db } = request.server;
  const base = requestContext(request);
  if (!snapshot) return read({ ...base, tx: db }, input);
  return db.transaction((tx) => read({ ...base, tx }, input), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** Runs a service for a job or the command line, as the system actor of that name. */
export function runAsSystem<Input, Output>(
  db: Database,
  system: { name: string; now: Date; timeZone: string },
  service: Service<Input, Output>,
  input: Input,
): Promise<Output> {
  const base: ContextBase = {
    actor: { kind: 'system', name: system.name },
    now: system.now,
    requestId: `${system.name}:${randomUUID()}`,
    timeZone: system.timeZone,
  };
  return inTransaction(db, base, service, input);
}

/**
 * Runs a service for the command line on behalf of an account (`npm run import -- FILE --as
 * NAME`): the account's rules and scope hold as they would in the app, and its audit events
 * name it, with a request id that says the command line made them.
 */
export function runAsAccount<Input, Output>(
  db: Database,
  account: {
    user: User;
    membership: Membership | null;
    command: string;
    now: Date;
    timeZone: string;
  },
  service: Service<Input, Output>,
  input: Input,
): Promise<Output> {
  const base: ContextBase = {
    actor: { kind: 'user', user: account.user, membership: account.membership },
    now: account.now,
    requestId: `${account.command}:${randomUUID()}`,
    timeZone: account.timeZone,
  };
  return inTransaction(db, base, service, input);
}

/** The acting user; services that only a signed-in user may reach call this. */
export function actingUser(ctx: Context): User {
  if (ctx.actor.kind !== 'user') throw new Error(`a ${ctx.actor.kind} cannot act here`);
  return ctx.actor.user;
}
