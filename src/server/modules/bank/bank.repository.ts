import { and, asc, count, eq, gte, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inOrganisation, type Scope } from '../../scope';
import type { Database } from '../../db/client';
import { anyOf, chunked } from '../../db/batches';
import { centsOf } from '../../db/columns';
import { cents, type Cents } from '../../../shared/money';
import { expensesTable } from '../expenses';
import { leasesTable } from '../leases';
import { ledgerEntriesTable } from '../ledger';
import { propertiesTable } from '../properties';
import { withPropertyOfLease } from '../tenancy';
import { unitsTable } from '../units';
import { vendorsTable } from '../vendors';
import {
  bankAccountsTable,
  bankBalancesTable,
  bankLineRejectionsTable,
  bankLinesTable,
  type BankAccountRow,
  type BankBalanceRow,
  type BankLineRow,
} from './bank.table';

export type NewBankLine = typeof bankLinesTable.$inferInsert;

/** An account as the reads under it need it: its id, and its organisation to lead with. */
type AccountKey = Pick<BankAccountRow, 'id' | 'organisationId'>;

/** The accounts in the scope: a landlord's own; every one for an Admin. */
function accountsInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'organisation':
      return eq(bankAccountsTable.organisationId, scope.organisationId);
    case 'none':
      return sql`false`;
  }
}

export async function listAccounts(
  db: Database,
  scope: Scope,
): Promise<(BankAccountRow & { lineCount: number; unmatchedCount: number })[]> {
  const counts = db
    .select({
      accountId: bankLinesTable.accountId,
      lineCount: count().as('line_count'),
      unmatchedCount:
        sql<number>`count(*) filter (where ${bankLinesTable.ledgerEntryId} is null and ${bankLinesTable.expenseId} is null)`.as(
          'unmatched_count',
        ),
    })
    .from(bankLinesTable)
    .where(inOrganisation(bankLinesTable.organisationId, scope))
    .groupBy(bankLinesTable.accountId)
    .as('line_counts');
  const rows = await db
    .select({
      account: bankAccountsTable,
      lineCount: sql<number>`coalesce(${counts.lineCount}, 0)`.mapWith(Number),
      unmatchedCount: sql<number>`coalesce(${counts.unmatchedCount}, 0)`.mapWith(Number),
    })
    .from(bankAccountsTable)
    .leftJoin(counts, eq(counts.accountId, bankAccountsTable.id))
    .where(accountsInScope(scope))
    .orderBy(asc(bankAccountsTable.name), asc(bankAccountsTable.id));
  return rows.map(({ account, lineCount, unmatchedCount }) => ({
    ...account,
    lineCount,
    unmatchedCount,
  }));
}

/** The account if it is in the scope; with `lock`, imports and matches on it take turns. */
export async function findAccount(
  db: Database,
  scope: Scope,
  id: number,
  lock = false,
): Promise<BankAccountRow | undefined> {
  const query = db
    .select()
    .from(bankAccountsTable)
    .where(and(eq(bankAccountsTable.id, id), accountsInScope(scope)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertAccount(
  db: Database,
  row: typeof bankAccountsTable.$inferInsert,
): Promise<BankAccountRow> {
  const [stored] = await db.insert(bankAccountsTable).values(row).returning();
  return stored!;
}

export async function updateAccount(
  db: Database,
  account: Pick<BankAccountRow, 'id' | 'organisationId'>,
  changes: Partial<typeof bankAccountsTable.$inferInsert>,
): Promise<BankAccountRow> {
  const [stored] = await db
    .update(bankAccountsTable)
    .set(changes)
    .where(
      and(
        eq(bankAccountsTable.organisationId, account.organisationId),
        eq(bankAccountsTable.id, account.id),
      ),
    )
    .returning();
  return stored!;
}

/** Which of these line keys the account already holds. */
export async function existingKeys(
  db: Database,
  account: AccountKey,
  keys: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunked(keys, 1000)) {
    const rows = await db
      .select({ key: bankLinesTable.lineKey })
      .from(bankLinesTable)
      .where(
        and(
          eq(bankLinesTable.organisationId, account.organisationId),
          eq(bankLinesTable.accountId, account.id),
          anyOf(bankLinesTable.lineKey, chunk),
        ),
      );
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Inserts the lines whose key is new to the account; answers those it inserted. */
export async function insertNewLines(db: Database, rows: NewBankLine[]): Promise<BankLineRow[]> {
  const inserted: BankLineRow[] = [];
  for (const chunk of chunked(rows, 1000)) {
    inserted.push(
      ...(await db
        .insert(bankLinesTable)
        .values(chunk)
        .onConflictDoNothing({ target: [bankLinesTable.accountId, bankLinesTable.lineKey] })
        .returning()),
    );
  }
  return inserted;
}

export async function saveBalance(
  db: Database,
  row: typeof bankBalancesTable.$inferInsert,
): Promise<void> {
  await db
    .insert(bankBalancesTable)
    .values(row)
    .onConflictDoUpdate({
      target: [bankBalancesTable.accountId, bankBalancesTable.month],
      set: { closingBalance: row.closingBalance, asOf: row.asOf, source: row.source },
    });
}

export async function findBalance(
  db: Database,
  account: AccountKey,
  month: string,
): Promise<BankBalanceRow | undefined> {
  const [row] = await db
    .select()
    .from(bankBalancesTable)
    .where(
      and(
        eq(bankBalancesTable.organisationId, account.organisationId),
        eq(bankBalancesTable.accountId, account.id),
        eq(bankBalancesTable.month, month),
      ),
    );
  return row;
}

const unmatched = and(isNull(bankLinesTable.ledgerEntryId), isNull(bankLinesTable.expenseId));

export function listLines(
  db: Database,
  account: AccountKey,
  filter: { from?: string; to?: string; status: 'all' | 'unmatched' | 'matched' },
): Promise<BankLineRow[]> {
  return db
    .select()
    .from(bankLinesTable)
    .where(
      and(
        eq(bankLinesTable.organisationId, account.organisationId),
        eq(bankLinesTable.accountId, account.id),
        filter.from ? gte(bankLinesTable.postedOn, filter.from) : undefined,
        filter.to ? lte(bankLinesTable.postedOn, filter.to) : undefined,
        filter.status === 'unmatched'
          ? unmatched
          : filter.status === 'matched'
            ? or(
                sql`${bankLinesTable.ledgerEntryId} is not null`,
                sql`${bankLinesTable.expenseId} is not null`,
              )
            : undefined,
      ),
    )
    .orderBy(asc(bankLinesTable.postedOn), asc(bankLinesTable.id));
}

/** The sum of the account's matched lines from `from` to `to` (inclusive), in cents. */
export async function matchedTotals(
  db: Database,
  account: AccountKey,
  from: string,
  to: string,
): Promise<{ in: Cents; out: Cents }> {
  const [row] = await db
    .select({
      in: centsOf(sql`sum(${bankLinesTable.amount}) filter (where ${bankLinesTable.amount} > 0)`),
      out: centsOf(sql`sum(${bankLinesTable.amount}) filter (where ${bankLinesTable.amount} < 0)`),
    })
    .from(bankLinesTable)
    .where(
      and(
        eq(bankLinesTable.organisationId, account.organisationId),
        eq(bankLinesTable.accountId, account.id),
        gte(bankLinesTable.postedOn, from),
        lte(bankLinesTable.postedOn, to),
        sql`not (${unmatched})`,
      ),
    );
  return { in: row?.in ?? cents(0), out: row?.out ?? cents(0) };
}

/** The line with its account, if the account is in the scope; `lock` holds the line's row. */
export async function findLine(
  db: Database,
  scope: Scope,
  id: number,
  lock = false,
): Promise<{ line: BankLineRow; account: BankAccountRow } | undefined> {
  const query = db
    .select({ line: bankLinesTable, account: bankAccountsTable })
    .from(bankLinesTable)
    .innerJoin(bankAccountsTable, eq(bankAccountsTable.id, bankLinesTable.accountId))
    .where(
      and(
        inOrganisation(bankLinesTable.organisationId, scope),
        eq(bankLinesTable.id, id),
        accountsInScope(scope),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: bankLinesTable }) : await query;
  return row;
}

export async function setMatch(
  db: Database,
  line: Pick<BankLineRow, 'id' | 'organisationId'>,
  match: {
    ledgerEntryId: number | null;
    expenseId: number | null;
    userId: number | null;
    at: Date | null;
  },
): Promise<BankLineRow> {
  const [row] = await db
    .update(bankLinesTable)
    .set({
      ledgerEntryId: match.ledgerEntryId,
      expenseId: match.expenseId,
      matchedByUserId: match.userId,
      matchedAt: match.at,
    })
    .where(
      and(eq(bankLinesTable.organisationId, line.organisationId), eq(bankLinesTable.id, line.id)),
    )
    .returning();
  return row!;
}

export async function insertRejection(
  db: Database,
  row: typeof bankLineRejectionsTable.$inferInsert,
): Promise<void> {
  await db.insert(bankLineRejectionsTable).values(row).onConflictDoNothing();
}

export async function listRejections(
  db: Database,
  organisationId: number,
  lineIds: number[],
): Promise<{ lineId: number; kind: string; recordId: number }[]> {
  if (lineIds.length === 0) return [];
  return db
    .select({
      lineId: bankLineRejectionsTable.lineId,
      kind: bankLineRejectionsTable.kind,
      recordId: bankLineRejectionsTable.recordId,
    })
    .from(bankLineRejectionsTable)
    .where(
      and(
        eq(bankLineRejectionsTable.organisationId, organisationId),
        anyOf(bankLineRejectionsTable.lineId, lineIds),
      ),
    );
}

/** A payment or an expense of the landlord's books, as matching reads it. */
export interface BookRow {
  kind: 'payment' | 'expense';
  id: number;
  date: string;
  /** Cents, signed as its bank line: payments in, expenses out. */
  amount: Cents;
  leaseId: number | null;
  propertyId: number;
  propertyName: string;
  unitNumber: string | null;
  who: string | null;
  category: string | null;
  memo: string | null;
  unpaid: boolean;
}

export interface BookFilter {
  organisationId: number;
  from: string;
  to: string;
  /** Only records no line is matched to. */
  unmatchedOnly: boolean;
  ids?: number[];
  /** Also payments reversed since (a matched record is shown whatever became of it). */
  withReversed?: boolean;
}

const reversal = alias(ledgerEntriesTable, 'reversal');

/** The landlord's payments dated from..to, not reversed. */
export async function listPayments(db: Database, filter: BookFilter): Promise<BookRow[]> {
  const e = ledgerEntriesTable;
  const { organisationId } = filter;
  const rows = await withPropertyOfLease(
    db
      .select({
        id: e.id,
        date: e.entryDate,
        amount: e.amount,
        leaseId: e.leaseId,
        propertyId: propertiesTable.id,
        propertyName: propertiesTable.name,
        unitNumber: unitsTable.unitNumber,
        firstName: leasesTable.firstName,
        lastName: leasesTable.lastName,
      })
      .from(e)
      .innerJoin(leasesTable, eq(leasesTable.id, e.leaseId))
      .$dynamic(),
  ).where(
    and(
      eq(e.organisationId, organisationId),
      eq(leasesTable.organisationId, organisationId),
      eq(propertiesTable.organisationId, organisationId),
      eq(e.kind, 'payment'),
      filter.ids ? anyOf(e.id, filter.ids) : undefined,
      gte(e.entryDate, filter.from),
      lte(e.entryDate, filter.to),
      filter.withReversed
        ? undefined
        : notExists(
            db
              .select({ one: sql`1` })
              .from(reversal)
              .where(
                and(eq(reversal.organisationId, organisationId), eq(reversal.reversesId, e.id)),
              ),
          ),
      filter.unmatchedOnly
        ? notExists(
            db
              .select({ one: sql`1` })
              .from(bankLinesTable)
              .where(
                and(
                  eq(bankLinesTable.organisationId, organisationId),
                  eq(bankLinesTable.ledgerEntryId, e.id),
                ),
              ),
          )
        : undefined,
    ),
  );
  return rows.map((row) => ({
    kind: 'payment',
    id: row.id,
    date: row.date,
    amount: row.amount,
    leaseId: row.leaseId,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitNumber: row.unitNumber,
    who: `${row.firstName} ${row.lastName}`,
    category: null,
    memo: null,
    unpaid: false,
  }));
}

/** The day an expense meets the bank: when paid, else when due, else when incurred. */
const expenseDay = sql<string>`coalesce(${expensesTable.paidOn}, ${expensesTable.dueDate}, ${expensesTable.expenseDate})`;

/** The landlord's expenses whose bank day falls from..to. */
export async function listExpenses(db: Database, filter: BookFilter): Promise<BookRow[]> {
  const x = expensesTable;
  const { organisationId } = filter;
  const rows = await db
    .select({
      id: x.id,
      date: expenseDay,
      amount: x.amount,
      paidOn: x.paidOn,
      propertyId: propertiesTable.id,
      propertyName: propertiesTable.name,
      unitNumber: unitsTable.unitNumber,
      vendor: vendorsTable.name,
      category: x.category,
      memo: x.memo,
    })
    .from(x)
    .innerJoin(propertiesTable, eq(propertiesTable.id, x.propertyId))
    .leftJoin(
      unitsTable,
      and(eq(unitsTable.organisationId, organisationId), eq(unitsTable.id, x.unitId)),
    )
    .leftJoin(
      vendorsTable,
      and(eq(vendorsTable.organisationId, organisationId), eq(vendorsTable.id, x.vendorId)),
    )
    .where(
      and(
        eq(x.organisationId, organisationId),
        eq(propertiesTable.organisationId, organisationId),
        filter.ids ? anyOf(x.id, filter.ids) : undefined,
        sql`${expenseDay} >= ${filter.from}`,
        sql`${expenseDay} <= ${filter.to}`,
        filter.unmatchedOnly
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(bankLinesTable)
                .where(
                  and(
                    eq(bankLinesTable.organisationId, organisationId),
                    eq(bankLinesTable.expenseId, x.id),
                  ),
                ),
            )
          : undefined,
      ),
    );
  return rows.map((row) => ({
    kind: 'expense',
    id: row.id,
    date: String(row.date).slice(0, 10),
    amount: cents(-row.amount),
    leaseId: null,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitNumber: row.unitNumber,
    who: row.vendor,
    category: row.category,
    memo: row.memo,
    unpaid: row.paidOn === null,
  }));
}

/** The records matched to these lines (whatever their dates). */
export async function listMatchedRecords(
  db: Database,
  organisationId: number,
  lines: BankLineRow[],
): Promise<BookRow[]> {
  const all = {
    organisationId,
    from: '0001-01-01',
    to: '9999-12-31',
    unmatchedOnly: false,
    withReversed: true,
  };
  const paymentIds = lines.flatMap((line) => (line.ledgerEntryId ? [line.ledgerEntryId] : []));
  const expenseIds = lines.flatMap((line) => (line.expenseId ? [line.expenseId] : []));
  return [
    ...(paymentIds.length ? await listPayments(db, { ...all, ids: paymentIds }) : []),
    ...(expenseIds.length ? await listExpenses(db, { ...all, ids: expenseIds }) : []),
  ];
}

export async function isRecordMatched(
  db: Database,
  organisationId: number,
  kind: 'payment' | 'expense',
  recordId: number,
): Promise<boolean> {
  const column = kind === 'payment' ? bankLinesTable.ledgerEntryId : bankLinesTable.expenseId;
  const [row] = await db
    .select({ id: bankLinesTable.id })
    .from(bankLinesTable)
    .where(and(eq(bankLinesTable.organisationId, organisationId), eq(column, recordId)))
    .limit(1);
  return row !== undefined;
}

/** The property belongs to the landlord. */
export async function isOrganisationsProperty(
  db: Database,
  organisationId: number,
  propertyId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: propertiesTable.id })
    .from(propertiesTable)
    .where(
      and(eq(propertiesTable.id, propertyId), eq(propertiesTable.organisationId, organisationId)),
    );
  return row !== undefined;
}
