import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { NOTIFICATIONS_KEPT_DAYS, NOTIFICATIONS_KEPT_PER_USER } from '../../../shared/constants';
import type { Notification } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import type { NewNotification } from './notifications.service';
import { notificationsTable, type NotificationRow } from './notifications.table';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** Stores it unless its key was delivered before; true when this call stored it. */
export async function insertNotification(
  tx: Database,
  notification: NewNotification,
  createdAt: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(notificationsTable)
    .values({ ...notification, link: notification.link ?? null, createdAt })
    .onConflictDoNothing({ target: notificationsTable.key })
    .returning({ id: notificationsTable.id });
  return rows.length === 1;
}

export async function listNotifications(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number }> {
  const rows = await db
    .select({ row: notificationsTable, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(notificationsTable)
    .where(eq(notificationsTable.userId, userId))
    .orderBy(desc(notificationsTable.id))
    .limit(page.limit)
    .offset(page.offset);
  return { notifications: rows.map((r) => toNotification(r.row)), total: rows[0]?.total ?? 0 };
}

export async function countUnread(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationsTable)
    .where(and(eq(notificationsTable.userId, userId), isNull(notificationsTable.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own notification read; false when it is not theirs or does not exist. */
export async function markRead(
  db: Database,
  userId: number,
  id: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notificationsTable)
    .set({ readAt: now })
    .where(
      and(
        eq(notificationsTable.userId, userId),
        id === null ? isNull(notificationsTable.readAt) : eq(notificationsTable.id, id),
      ),
    )
    .returning({ id: notificationsTable.id });
  return id === null || rows.length > 0;
}

/**
 * Retention (docs/product.md section 18): read notifications older than
 * NOTIFICATIONS_KEPT_DAYS go, and past NOTIFICATIONS_KEPT_PER_USER an account's oldest go,
 * read or not, so no account's list grows without end. A deleted row's key could be
 * delivered again only by a job retried that late, and finished jobs are gone after 30 days.
 */
export async function pruneNotifications(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATIONS_KEPT_DAYS * 86_400_000);
  const old = await db
    .delete(notificationsTable)
    .where(and(isNotNull(notificationsTable.readAt), lt(notificationsTable.createdAt, cutoff)))
    .returning({ id: notificationsTable.id });
  const ranked = db
    .select({
      id: notificationsTable.id,
      rank: sql<number>`row_number() over (partition by ${notificationsTable.userId} order by ${notificationsTable.id} desc)`.as(
        'rank',
      ),
    })
    .from(notificationsTable)
    .as('ranked');
  const beyond = await db
    .delete(notificationsTable)
    .where(
      inArray(
        notificationsTable.id,
        db
          .select({ id: ranked.id })
          .from(ranked)
          .where(gt(ranked.rank, NOTIFICATIONS_KEPT_PER_USER)),
      ),
    )
    .returning({ id: notificationsTable.id });
  return old.length + beyond.length;
}
