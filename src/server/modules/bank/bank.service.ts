import type { Context } from '../../context';
import { addDays } from '../../../shared/dates';
import { cents, fromCents, toCents, type Cents } from '../../../shared/money';
import { expenseCategoryLabel, type ExpenseCategory } from '../../../shared/expense-categories';
import type {
  BankAccount,
  BankAccountBody,
  BankLine,
  BookRecord,
  LineExpenseBody,
  LinePaymentBody,
  MatchBody,
  Reconciliation,
  StatementBody,
  StatementImport,
  StatementPreview,
  TypedBalanceBody,
} from '../../../shared/schemas/bank';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { actingOrganisation } from '../organisations';
import { findManagedLease, scopeFor } from '../authz';
import { findByIdempotencyKey, recordPayment } from '../ledger';
import { createExpenseOfLine } from './line-expense';
import { markExpensePaid } from '../expenses';
import * as repository from './bank.repository';
import type { BankAccountRow, BankLineRow } from './bank.table';
import { rejectionKey, suggestMatches, windowOf } from './matching';
import { lineKeys, readStatement, type ReadStatement } from './statement-files';

/** Lines a preview shows. */
const PREVIEW_LINES = 10;

function toAccount(
  row: BankAccountRow,
  counts: { lineCount: number; unmatchedCount: number },
): BankAccount {
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    openingBalance: fromCents(row.openingBalance),
    openingDate: row.openingDate,
    csvMapping: row.csvMapping ?? null,
    ...counts,
  };
}

function toRecord(row: repository.BookRow): BookRecord {
  const place = [row.propertyName, row.unitNumber ? `unit ${row.unitNumber}` : null]
    .filter(Boolean)
    .join(', ');
  const label =
    row.kind === 'payment'
      ? `Payment from ${row.who ?? 'a tenant'} (${place})`
      : `${expenseCategoryLabel(row.category as ExpenseCategory)}${row.who ? ` to ${row.who}` : ''} (${place})${row.memo ? `: ${row.memo}` : ''}`;
  return {
    kind: row.kind,
    id: row.id,
    date: row.date,
    amount: fromCents(row.amount),
    label,
    leaseId: row.leaseId,
    propertyId: row.propertyId,
    unpaid: row.unpaid,
  };
}

function toLine(
  row: BankLineRow,
  match: repository.BookRow | undefined,
  suggestion: repository.BookRow | undefined,
): BankLine {
  return {
    id: row.id,
    accountId: row.accountId,
    postedOn: row.postedOn,
    amount: fromCents(row.amount),
    description: row.description,
    reference: row.reference,
    balance: row.balance === null ? null : fromCents(row.balance),
    match: match ? toRecord(match) : null,
    suggestion: suggestion ? toRecord(suggestion) : null,
  };
}

/** What the audit trail keeps of a line and the record it meets. */
const lineFacts = (line: BankLineRow, kind: string | null, recordId: number | null) => ({
  lineId: line.id,
  postedOn: line.postedOn,
  amount: fromCents(line.amount),
  description: line.description,
  kind,
  recordId,
});

async function requireAccount(ctx: Context, id: number, lock = false): Promise<BankAccountRow> {
  const account = await repository.findAccount(ctx.tx, scopeFor(ctx.actor), id, lock);
  if (!account) throw notFound('bank.account_not_found', 'Bank account not found');
  return account;
}

async function requireLine(ctx: Context, id: number) {
  const found = await repository.findLine(ctx.tx, scopeFor(ctx.actor), id, true);
  if (!found) throw notFound('bank.line_not_found', 'Bank line not found');
  return found;
}

export async function listAccounts(ctx: Context): Promise<BankAccount[]> {
  const rows = await repository.listAccounts(ctx.tx, scopeFor(ctx.actor));
  return rows.map((row) => toAccount(row, row));
}

async function accountAnswer(ctx: Context, row: BankAccountRow): Promise<BankAccount> {
  const [withCounts] = (await repository.listAccounts(ctx.tx, scopeFor(ctx.actor))).filter(
    (account) => account.id === row.id,
  );
  return toAccount(row, withCounts ?? { lineCount: 0, unmatchedCount: 0 });
}

export async function getAccount(ctx: Context, id: number): Promise<BankAccount> {
  return accountAnswer(ctx, await requireAccount(ctx, id));
}

export async function createAccount(ctx: Context, body: BankAccountBody): Promise<BankAccount> {
  const row = await repository.insertAccount(ctx.tx, {
    organisationId: await actingOrganisation(ctx),
    name: body.name,
    last4: body.last4,
    openingBalance: toCents(body.openingBalance),
    openingDate: body.openingDate,
  });
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: row.id,
    action: 'create',
    after: row,
  });
  return toAccount(row, { lineCount: 0, unmatchedCount: 0 });
}

export async function updateAccount(
  ctx: Context,
  { id, body }: { id: number; body: BankAccountBody },
): Promise<BankAccount> {
  const before = await requireAccount(ctx, id, true);
  const row = await repository.updateAccount(ctx.tx, before, {
    name: body.name,
    last4: body.last4,
    openingBalance: toCents(body.openingBalance),
    openingDate: body.openingDate,
  });
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: id,
    action: 'update',
    before,
    after: row,
  });
  return accountAnswer(ctx, row);
}

/** The file read with the mapping sent, else the one the account remembers, else a guess. */
function read(account: BankAccountRow, body: StatementBody): ReadStatement {
  return readStatement(body.content, body.mapping ?? account.csvMapping);
}

export async function previewStatement(
  ctx: Context,
  { accountId, body }: { accountId: number; body: StatementBody },
): Promise<StatementPreview> {
  const account = await requireAccount(ctx, accountId);
  const statement = read(account, body);
  const keys = lineKeys(statement.lines);
  const existing = await repository.existingKeys(ctx.tx, account, keys);
  return {
    format: statement.format,
    headers: statement.headers,
    mapping: statement.mapping,
    lines: statement.lines.slice(0, PREVIEW_LINES).map((line, index) => ({
      postedOn: line.postedOn,
      amount: fromCents(line.amount),
      description: line.description,
      reference: line.reference,
      balance: line.balance === null ? null : fromCents(line.balance),
      alreadyThere: existing.has(keys[index]!),
    })),
    errors: statement.errors.slice(0, 20),
    lineCount: statement.lines.length,
    newCount: keys.filter((key) => !existing.has(key)).length,
    alreadyThereCount: keys.filter((key) => existing.has(key)).length,
    balances: statement.balances.map((b) => ({ ...b, amount: fromCents(b.amount) })),
  };
}

/**
 * Saves a statement's lines: all or nothing (a line that cannot be read refuses the file), and
 * each line once (its key is unique per account), so the same file twice adds nothing and
 * says how many lines were already there. A CSV mapping that read the file is remembered.
 */
export async function importStatement(
  ctx: Context,
  { accountId, body }: { accountId: number; body: StatementBody },
): Promise<StatementImport> {
  const account = await requireAccount(ctx, accountId, true);
  const statement = read(account, body);
  const [firstError] = statement.errors;
  if (firstError) {
    throw badRequest(
      'bank.unreadable_lines',
      `${statement.errors.length} line${statement.errors.length === 1 ? '' : 's'} of the file cannot be read (line ${firstError.line}: ${firstError.message}). Nothing was saved.`,
      'content',
    );
  }
  if (statement.lines.length === 0) {
    throw badRequest(
      'bank.no_lines',
      'The file holds no statement lines. Nothing was saved.',
      'content',
    );
  }
  const keys = lineKeys(statement.lines);
  const inserted = await repository.insertNewLines(
    ctx.tx,
    statement.lines.map((line, index) => ({
      accountId,
      postedOn: line.postedOn,
      amount: line.amount,
      description: line.description,
      reference: line.reference,
      balance: line.balance,
      lineKey: keys[index]!,
    })),
  );
  for (const balance of statement.balances) {
    await repository.saveBalance(ctx.tx, {
      accountId,
      month: balance.month,
      closingBalance: balance.amount,
      asOf: balance.asOf,
      source: statement.format,
    });
  }
  if (statement.format === 'csv' && statement.mapping) {
    await repository.updateAccount(ctx.tx, account, { csvMapping: statement.mapping });
  }
  const result: StatementImport = {
    added: inserted.length,
    alreadyThere: statement.lines.length - inserted.length,
    balances: statement.balances.map((b) => ({ ...b, amount: fromCents(b.amount) })),
  };
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: accountId,
    action: 'bank.import',
    after: { fileName: body.fileName, format: statement.format, ...result, balances: null },
  });
  return result;
}

/** Lines with their matches, and a suggestion for each unmatched line that has one. */
async function linesWithMatches(
  ctx: Context,
  account: BankAccountRow,
  rows: BankLineRow[],
): Promise<BankLine[]> {
  const organisationId = account.organisationId;
  const matched = await repository.listMatchedRecords(ctx.tx, organisationId, rows);
  const matchOf = (row: BankLineRow) =>
    matched.find((record) =>
      record.kind === 'payment' ? record.id === row.ledgerEntryId : record.id === row.expenseId,
    );
  const open = rows.filter((row) => row.ledgerEntryId === null && row.expenseId === null);
  let suggestions = new Map<number, repository.BookRow>();
  if (open.length > 0) {
    const window = windowOf(open[0]!.postedOn, open.at(-1)!.postedOn);
    const filter = { organisationId, ...window, unmatchedOnly: true };
    const candidates = [
      ...(await repository.listPayments(ctx.tx, filter)),
      ...(await repository.listExpenses(ctx.tx, filter)),
    ];
    const rejected = new Set(
      (
        await repository.listRejections(
          ctx.tx,
          organisationId,
          open.map((row) => row.id),
        )
      ).map((r) => rejectionKey(r.lineId, r.kind, r.recordId)),
    );
    suggestions = suggestMatches(open, candidates, rejected);
  }
  return rows.map((row) => toLine(row, matchOf(row), suggestions.get(row.id)));
}

function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

export async function listLines(
  ctx: Context,
  {
    accountId,
    month,
    status,
  }: { accountId: number; month?: string | undefined; status: 'all' | 'unmatched' | 'matched' },
): Promise<BankLine[]> {
  const account = await requireAccount(ctx, accountId);
  const rows = await repository.listLines(ctx.tx, account, {
    ...(month ? monthRange(month) : {}),
    status,
  });
  return linesWithMatches(ctx, account, rows);
}

async function lineAnswer(
  ctx: Context,
  account: BankAccountRow,
  row: BankLineRow,
): Promise<BankLine> {
  const [line] = await linesWithMatches(ctx, account, [row]);
  return line!;
}

function refuseMatched(line: BankLineRow): void {
  if (line.ledgerEntryId !== null || line.expenseId !== null) {
    throw conflict('bank.line_matched', 'This bank line is already matched. Unmatch it first.');
  }
}

/** The landlord's payment or expense named by the body, if it is theirs (else 404). */
async function requireRecord(
  ctx: Context,
  account: BankAccountRow,
  body: MatchBody,
): Promise<repository.BookRow> {
  const filter = {
    organisationId: account.organisationId,
    from: '0001-01-01',
    to: '9999-12-31',
    unmatchedOnly: false,
    ids: [body.recordId],
  };
  const [record] =
    body.kind === 'payment'
      ? await repository.listPayments(ctx.tx, filter)
      : await repository.listExpenses(ctx.tx, filter);
  if (!record) {
    throw notFound(
      'bank.record_not_found',
      body.kind === 'payment' ? 'Payment not found' : 'Expense not found',
    );
  }
  return record;
}

/**
 * Confirms that a line is a recorded payment or expense: same amount, money in for a payment
 * and out for an expense, each side matched once. An unpaid expense becomes paid on the
 * line's date.
 */
export async function confirmMatch(
  ctx: Context,
  { lineId, body }: { lineId: number; body: MatchBody },
): Promise<BankLine> {
  const { line, account } = await requireLine(ctx, lineId);
  refuseMatched(line);
  const record = await requireRecord(ctx, account, body);
  if (record.amount !== line.amount) {
    throw badRequest(
      'bank.amount_differs',
      `The ${body.kind} is ${fromCents(cents(Math.abs(record.amount))).toFixed(2)}, the bank line ${fromCents(cents(Math.abs(line.amount))).toFixed(2)}${record.amount > 0 !== line.amount > 0 ? ' and money goes the other way' : ''}: only equal amounts match`,
      'recordId',
    );
  }
  if (await repository.isRecordMatched(ctx.tx, account.organisationId, body.kind, body.recordId)) {
    throw conflict(
      'bank.record_matched',
      `This ${body.kind} is already matched to another bank line`,
    );
  }
  const paidOn = record.kind === 'expense' && record.unpaid ? line.postedOn : null;
  if (paidOn) await markExpensePaid(ctx, record.id, paidOn);
  return matchLine(ctx, account, line, body.kind, body.recordId, paidOn);
}

async function matchLine(
  ctx: Context,
  account: BankAccountRow,
  line: BankLineRow,
  kind: 'payment' | 'expense',
  recordId: number,
  /** The day an unpaid expense was marked paid by this match. */
  markedPaidOn: string | null = null,
): Promise<BankLine> {
  const row = await repository.setMatch(ctx.tx, line, {
    ledgerEntryId: kind === 'payment' ? recordId : null,
    expenseId: kind === 'expense' ? recordId : null,
    userId: ctx.actor.kind === 'user' ? ctx.actor.user.id : null,
    at: ctx.now,
  });
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: account.id,
    action: 'bank.match',
    after: { ...lineFacts(line, kind, recordId), ...(markedPaidOn ? { markedPaidOn } : {}) },
  });
  return lineAnswer(ctx, account, row);
}

export async function unmatch(ctx: Context, lineId: number): Promise<BankLine> {
  const { line, account } = await requireLine(ctx, lineId);
  const kind = line.ledgerEntryId !== null ? 'payment' : line.expenseId !== null ? 'expense' : null;
  if (!kind) throw conflict('bank.line_not_matched', 'This bank line is not matched');
  const row = await repository.setMatch(ctx.tx, line, {
    ledgerEntryId: null,
    expenseId: null,
    userId: null,
    at: null,
  });
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: account.id,
    action: 'bank.unmatch',
    before: lineFacts(line, kind, line.ledgerEntryId ?? line.expenseId),
  });
  return lineAnswer(ctx, account, row);
}

/** Turns a suggestion down: that record is never suggested for that line again. */
export async function rejectSuggestion(
  ctx: Context,
  { lineId, body }: { lineId: number; body: MatchBody },
): Promise<BankLine> {
  const { line, account } = await requireLine(ctx, lineId);
  refuseMatched(line);
  await requireRecord(ctx, account, body);
  await repository.insertRejection(ctx.tx, { lineId, kind: body.kind, recordId: body.recordId });
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: account.id,
    action: 'bank.reject',
    after: lineFacts(line, body.kind, body.recordId),
  });
  return lineAnswer(ctx, account, line);
}

/**
 * An unmatched deposit recorded as a payment on a lease of the account's landlord, through the
 * ledger's own payment service (its rules, its audit event, its notice to the tenant), and
 * matched to the line at once.
 */
export async function recordLineAsPayment(
  ctx: Context,
  { lineId, body }: { lineId: number; body: LinePaymentBody },
): Promise<BankLine> {
  const { line, account } = await requireLine(ctx, lineId);
  refuseMatched(line);
  if (line.amount <= 0) {
    throw badRequest('bank.not_a_deposit', 'Only money in can be recorded as a payment', 'leaseId');
  }
  const lease = await findManagedLease(ctx.tx, ctx.actor, body.leaseId);
  // The lease row names its organisation (kept equal to its property's by the database).
  if (!lease || lease.organisationId !== account.organisationId) {
    throw notFound('leases.not_found', 'Lease not found');
  }
  const idempotencyKey = `bank-line-${line.id}`;
  const recorded = await recordPayment(ctx, {
    leaseId: lease.id,
    body: {
      amount: fromCents(line.amount),
      entryDate: line.postedOn,
      method: body.method,
      reference: line.reference ?? line.description.slice(0, 100),
      note: body.note,
      idempotencyKey,
    },
  });
  // null: this line was recorded as a payment before (then unmatched): that payment again.
  const entry = recorded ?? (await findByIdempotencyKey(ctx.tx, lease.id, idempotencyKey));
  return matchLine(ctx, account, line, 'payment', entry!.id);
}

/**
 * An unmatched withdrawal recorded as an expense of one of the landlord's properties: the
 * line's amount, incurred and paid on the line's date, and matched to the line at once.
 */
export async function recordLineAsExpense(
  ctx: Context,
  { lineId, body }: { lineId: number; body: LineExpenseBody },
): Promise<BankLine> {
  const { line, account } = await requireLine(ctx, lineId);
  refuseMatched(line);
  if (line.amount >= 0) {
    throw badRequest(
      'bank.not_a_withdrawal',
      'Only money out can be recorded as an expense',
      'category',
    );
  }
  const expense = await createExpenseOfLine(ctx, account.organisationId, {
    ...body,
    amount: cents(-line.amount),
    date: line.postedOn,
    memo: body.memo ?? line.description.slice(0, 500),
  });
  return matchLine(ctx, account, line, 'expense', expense.id);
}

export async function setTypedBalance(
  ctx: Context,
  { accountId, body }: { accountId: number; body: TypedBalanceBody },
): Promise<Reconciliation> {
  await requireAccount(ctx, accountId, true);
  const { to } = monthRange(body.month);
  await repository.saveBalance(ctx.tx, {
    accountId,
    month: body.month,
    closingBalance: toCents(body.closingBalance),
    asOf: to,
    source: 'typed',
  });
  await recordEvent(ctx, {
    entityType: 'bank-accounts',
    entityId: accountId,
    action: 'bank.balance',
    after: { month: body.month, closingBalance: body.closingBalance },
  });
  return reconcile(ctx, { accountId, month: body.month });
}

/**
 * A month's reconciliation: the books (the opening balance and every matched line since the
 * opening date) against the statement's closing balance, and what is left unmatched on both
 * sides: the month's lines without a record, and the month's payments and expenses without a
 * line.
 */
export async function reconcile(
  ctx: Context,
  { accountId, month }: { accountId: number; month: string },
): Promise<Reconciliation> {
  const account = await requireAccount(ctx, accountId);
  const { from, to } = monthRange(month);
  const start = account.openingDate;
  const before =
    from > start
      ? await repository.matchedTotals(ctx.tx, account, start, addDays(from, -1))
      : { in: cents(0), out: cents(0) };
  const during = await repository.matchedTotals(ctx.tx, account, from > start ? from : start, to);
  const opening = cents(account.openingBalance + before.in + before.out);
  const booksClosing = cents(opening + during.in + during.out);
  const balance = await repository.findBalance(ctx.tx, account, month);
  const lines = await linesWithMatches(
    ctx,
    account,
    await repository.listLines(ctx.tx, account, { from, to, status: 'unmatched' }),
  );
  const unmatchedTotal = lines.reduce<number>(
    (sum, line) => sum + toCents(line.amount),
    0,
  ) as Cents;
  const records = [
    ...(await repository.listPayments(ctx.tx, {
      organisationId: account.organisationId,
      from,
      to,
      unmatchedOnly: true,
    })),
    ...(await repository.listExpenses(ctx.tx, {
      organisationId: account.organisationId,
      from,
      to,
      unmatchedOnly: true,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  return {
    month,
    openingBalance: fromCents(opening),
    matchedIn: fromCents(during.in),
    matchedOut: fromCents(during.out),
    booksClosing: fromCents(booksClosing),
    statementClosing: balance
      ? {
          amount: fromCents(balance.closingBalance),
          source: balance.source as 'ofx' | 'csv' | 'typed',
          asOf: balance.asOf,
        }
      : null,
    difference: balance ? fromCents(cents(balance.closingBalance - booksClosing)) : null,
    unmatchedLinesTotal: fromCents(unmatchedTotal),
    unmatchedLines: lines,
    unmatchedRecords: records.map(toRecord),
  };
}
