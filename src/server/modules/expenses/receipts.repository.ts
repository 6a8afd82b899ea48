import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Receipt } from '../../../shared/schemas/expenses';
import type { Database } from '../../db/client';
import { uploadsTable, type UploadRow } from '../uploads';
import { expenseReceiptsTable, type ExpenseRow } from './expenses.table';

const r = expenseReceiptsTable;

type ExpenseKey = Pick<ExpenseRow, 'id' | 'organisationId'>;

/** An expense's receipts, found by its organisation first (decision 0030). */
function receiptsOf(expense: ExpenseKey) {
  return and(eq(r.organisationId, expense.organisationId), eq(r.expenseId, expense.id));
}

export function toReceipt(upload: UploadRow): Receipt {
  return {
    id: upload.id,
    contentType: upload.contentType,
    byteSize: upload.byteSize,
    width: upload.width,
    height: upload.height,
    createdAt: upload.createdAt.toISOString(),
  };
}

/** Whether the upload is some expense's receipt. */
export async function isReceipt(db: Database, uploadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: r.uploadId })
    .from(r)
    .where(eq(r.uploadId, uploadId))
    .limit(1);
  return row !== undefined;
}

export async function listReceipts(db: Database, expense: ExpenseKey): Promise<UploadRow[]> {
  const rows = await db
    .select({ upload: uploadsTable })
    .from(r)
    .innerJoin(uploadsTable, eq(uploadsTable.id, r.uploadId))
    .where(receiptsOf(expense))
    .orderBy(asc(r.createdAt), asc(r.uploadId));
  return rows.map((row) => row.upload);
}

export async function findReceipt(
  db: Database,
  expense: ExpenseKey,
  uploadId: number,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select({ upload: uploadsTable })
    .from(r)
    .innerJoin(uploadsTable, eq(uploadsTable.id, r.uploadId))
    .where(and(receiptsOf(expense), eq(r.uploadId, uploadId)))
    .limit(1);
  return row?.upload;
}

/** How many receipts each of these expenses has, read by their organisations first. */
export async function countReceipts(
  db: Database,
  expenses: readonly ExpenseKey[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (expenses.length === 0) return counts;
  const rows = await db
    .select({ expenseId: r.expenseId })
    .from(r)
    .where(
      and(
        inArray(r.organisationId, [...new Set(expenses.map((x) => x.organisationId))]),
        inArray(
          r.expenseId,
          expenses.map((x) => x.id),
        ),
      ),
    );
  for (const row of rows) counts.set(row.expenseId, (counts.get(row.expenseId) ?? 0) + 1);
  return counts;
}

export async function insertReceipts(
  db: Database,
  expenseId: number,
  uploadIds: readonly number[],
  now: Date,
): Promise<void> {
  if (uploadIds.length === 0) return;
  await db.insert(r).values(uploadIds.map((uploadId) => ({ expenseId, uploadId, createdAt: now })));
}

export async function deleteReceipt(db: Database, expense: ExpenseKey, uploadId: number) {
  await db.delete(r).where(and(receiptsOf(expense), eq(r.uploadId, uploadId)));
}
