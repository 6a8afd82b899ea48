import { and, desc, eq } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit-sentences';
import type { AuditedEntity, AuditValue, HistoryEvent } from '../../../shared/schemas/audit';
import type { Context } from '../../context';
import { chunked, insertRowsReturningIds } from '../../db/batches';
import type { Database } from '../../db/client';
import { publish } from '../../event-bus';
import { auditEventsTable, type AuditEventRow } from './audit.table';

/**
 * Fields never kept: secrets (a hash is still a secret), and bookkeeping that every write
 * changes and the event itself already says (its id, its time).
 */
const NEVER_KEPT = /password|token|secret|^id$|^createdAt$|^updatedAt$/i;

type Snapshot = Record<string, AuditValue>;

function toAuditValue(value: unknown): AuditValue {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value as AuditValue;
}

/** The fields of a record that the trail may keep. */
export function snapshot(record: object): Snapshot {
  const kept: Snapshot = {};
  for (const [field, value] of Object.entries(record)) {
    if (!NEVER_KEPT.test(field)) kept[field] = toAuditValue(value);
  }
  return kept;
}

/** Only the fields whose values differ, as { before, after }. */
export function changedFields(
  before: object,
  after: object,
): { before: Snapshot; after: Snapshot } {
  const old = snapshot(before);
  const now = snapshot(after);
  const result = { before: {} as Snapshot, after: {} as Snapshot };
  for (const field of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (JSON.stringify(old[field] ?? null) === JSON.stringify(now[field] ?? null)) continue;
    result.before[field] = old[field] ?? null;
    result.after[field] = now[field] ?? null;
  }
  return result;
}

export interface AuditedChange {
  entityType: AuditedEntity;
  entityId: number;
  /** One of AUDIT_ACTIONS: each has its sentence in the History panels. */
  action: AuditAction;
  /** The record before the write (absent for a creation). */
  before?: object | null;
  /** The record after the write (absent for a deletion). */
  after?: object | null;
}

function eventValues(ctx: Context, change: AuditedChange) {
  const { actor } = ctx;
  const membership = actor.kind === 'user' ? actor.membership : null;
  let before: Snapshot | null = change.before ? snapshot(change.before) : null;
  let after: Snapshot | null = change.after ? snapshot(change.after) : null;
  if (change.before && change.after)
    ({ before, after } = changedFields(change.before, change.after));
  return {
    at: ctx.now,
    actorKind: actor.kind,
    actorUserId: actor.kind === 'user' ? actor.user.id : null,
    actorName:
      actor.kind === 'user'
        ? actor.user.userName
        : actor.kind === 'system'
          ? actor.name
          : 'visitor',
    actorRole: membership?.role ?? null,
    organisationId: membership?.organisationId ?? null,
    requestId: ctx.requestId,
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    before,
    after,
  };
}

/**
 * Records one change in the service's transaction: it commits with the change or not at
 * all. A creation keeps every field, a deletion every old value, an update only what differs.
 * The event's subscribers (notifications) then run in the same transaction.
 */
export async function recordEvent(ctx: Context, change: AuditedChange): Promise<void> {
  await ctx.tx.insert(auditEventsTable).values(eventValues(ctx, change));
  await publish(ctx, eventOf(change));
}

/** The event its subscribers receive: the records whole, as the command passed them. */
function eventOf(change: AuditedChange) {
  return { ...change, before: change.before ?? null, after: change.after ?? null };
}

/**
 * The events of many changes (a batch write: one event per record, as `recordEvent` would
 * write them one by one), in a few multi-row INSERTs of the same transaction.
 */
export async function recordEvents(ctx: Context, changes: readonly AuditedChange[]): Promise<void> {
  for (const chunk of chunked(changes)) {
    await insertRowsReturningIds(
      ctx.tx,
      auditEventsTable,
      chunk.map((change) => eventValues(ctx, change)),
    );
  }
  for (const change of changes) await publish(ctx, eventOf(change));
}

function toHistoryEvent(row: AuditEventRow): HistoryEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: {
      kind: row.actorKind as HistoryEvent['actor']['kind'],
      userId: row.actorUserId,
      name: row.actorName,
      ...(row.actorRole ? { role: row.actorRole } : {}),
    },
    before: (row.before as Snapshot | null) ?? null,
    after: (row.after as Snapshot | null) ?? null,
  };
}

/** How many events one history answer holds at most: the newest. */
export const HISTORY_LIMIT = 200;

/** A record's events, newest first. */
export async function listHistory(
  db: Database,
  entityType: AuditedEntity,
  entityId: number,
): Promise<HistoryEvent[]> {
  const rows = await db
    .select()
    .from(auditEventsTable)
    .where(
      and(eq(auditEventsTable.entityType, entityType), eq(auditEventsTable.entityId, entityId)),
    )
    .orderBy(desc(auditEventsTable.id))
    .limit(HISTORY_LIMIT);
  return rows.map(toHistoryEvent);
}
