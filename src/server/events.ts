import type { AuditAction } from '../shared/audit-sentences';
import type { AuditedEntity } from '../shared/schemas/audit';
import type { NotificationKind } from '../shared/schemas/notification-preferences';
import type { Context } from './context';

/**
 * What happened, as the command that did it told the audit trail (decision 0028): the audit
 * event is the domain event. `before` and `after` are the records the command passed, whole
 * (the trail keeps only what changed; a subscriber may need the rest).
 */
export interface DomainEvent {
  entityType: AuditedEntity;
  entityId: number;
  action: AuditAction;
  before: object | null;
  after: object | null;
}

/** An event's kind: the record and what was done to it, e.g. 'work-orders:assign'. */
export type EventKind = `${AuditedEntity}:${AuditAction}`;

export const kindOf = (event: Pick<DomainEvent, 'entityType' | 'action'>): EventKind =>
  `${event.entityType}:${event.action}`;

/**
 * A side effect that follows events: it runs in the transaction of the command that recorded
 * the event, so what it writes (a notification or a mail in the outbox) commits with the
 * command or not at all, and is delivered once by the jobs that read the outbox.
 */
export interface Subscriber {
  /** Says what it does, in tests and errors. */
  name: string;
  on: readonly EventKind[];
  /** The notification kinds it may send: every kind has a subscriber or a schedule. */
  notifies: readonly NotificationKind[];
  handle(ctx: Context, event: DomainEvent): Promise<void>;
}
