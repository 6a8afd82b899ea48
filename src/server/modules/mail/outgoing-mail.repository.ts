import { and, desc, eq, lt, notExists, sql } from 'drizzle-orm';
import {
  MAIL_PREVIEW_CHARS,
  type AdminMail,
  type MailState,
} from '../../../shared/schemas/admin-mail';
import type { Database } from '../../db/client';
import { readPage, totalColumn, type PageRequest } from '../../http/paging';
import { jobsTable } from '../jobs';
import { outgoingMailTable, type MailStatus } from './outgoing-mail.table';

/** Records a mail unless its key was recorded before; true when this call recorded it. */
export async function recordOutgoingMail(
  db: Database,
  mail: {
    key: string;
    userId: number | null;
    kind: string | null;
    toAddress: string;
    subject: string;
    text: string | null;
    status: MailStatus;
  },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(outgoingMailTable)
    .values({ ...mail, createdAt: now })
    .onConflictDoNothing({ target: outgoingMailTable.key })
    .returning({ id: outgoingMailTable.id });
  return rows.length === 1;
}

export async function isMailSent(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ status: outgoingMailTable.status })
    .from(outgoingMailTable)
    .where(eq(outgoingMailTable.key, key));
  return row?.status === 'sent';
}

/** The outcome of one try: sent, or the SMTP server's refusal (the job retries it). */
export async function recordMailAttempt(
  db: Database,
  key: string,
  outcome: { sentAt: Date } | { error: string } | { notSent: true },
): Promise<void> {
  await db
    .update(outgoingMailTable)
    .set(
      'sentAt' in outcome
        ? {
            status: 'sent',
            sentAt: outcome.sentAt,
            attempts: sql`${outgoingMailTable.attempts} + 1`,
          }
        : 'error' in outcome
          ? {
              lastError: outcome.error.slice(0, 500),
              attempts: sql`${outgoingMailTable.attempts} + 1`,
            }
          : { status: 'not_sent' },
    )
    .where(eq(outgoingMailTable.key, key));
}

function stateOf(
  status: MailStatus,
  jobStatus: string | null,
  lastError: string | null,
): MailState {
  if (status !== 'queued') return status;
  if (jobStatus === 'failed') return 'failed';
  return lastError ? 'retrying' : 'queued';
}

/** One page of every mail, newest first; a queued mail's state comes from its job. */
export async function listOutgoingMail(
  db: Database,
  page: PageRequest,
): Promise<{ mail: AdminMail[]; total: number }> {
  const query = db
    .select({
      row: outgoingMailTable,
      jobStatus: jobsTable.status,
      total: totalColumn(),
    })
    .from(outgoingMailTable)
    .leftJoin(jobsTable, eq(jobsTable.key, sql`'mail:' || ${outgoingMailTable.key}`))
    .orderBy(desc(outgoingMailTable.createdAt), desc(outgoingMailTable.id))
    .$dynamic();
  const { rows, total } = await readPage(query, page);
  return {
    total,
    mail: rows.map(({ row, jobStatus }) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      kind: row.kind,
      state: stateOf(row.status, jobStatus, row.lastError),
      preview: row.text === null ? null : row.text.slice(0, MAIL_PREVIEW_CHARS),
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

/** Forgets mail created before `before`, except a mail whose delivery is still to be tried. */
export async function deleteSettledMailBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(outgoingMailTable)
    .where(
      and(
        lt(outgoingMailTable.createdAt, before),
        notExists(
          db
            .select({ id: jobsTable.id })
            .from(jobsTable)
            .where(
              and(
                eq(jobsTable.key, sql`'mail:' || ${outgoingMailTable.key}`),
                eq(jobsTable.status, 'pending'),
              ),
            ),
        ),
      ),
    )
    .returning({ id: outgoingMailTable.id });
  return rows.length;
}
