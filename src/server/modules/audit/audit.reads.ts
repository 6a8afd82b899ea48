import type { AuditedEntity, HistoryEvent } from '../../../shared/schemas/audit';
import type { Actor, Context, Read } from '../../context';
import type { Database } from '../../db/client';
import { listHistory } from './audit.repository';

/** Refuses (404) a record the actor does not manage: the record's own authz policy. */
export type RequireManaged = (db: Database, actor: Actor, id: number) => Promise<unknown>;

/** The history of one kind of record, for its manager or an Admin (else 404). */
export function historyOf(
  entity: AuditedEntity,
  requireManaged: RequireManaged,
): Read<number, HistoryEvent[]> {
  return async (ctx: Context, id: number) => {
    await requireManaged(ctx.tx, ctx.actor, id);
    return listHistory(ctx.tx, entity, id);
  };
}
