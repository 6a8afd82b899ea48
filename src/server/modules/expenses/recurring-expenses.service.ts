import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import type { ExpenseCategory } from '../../../shared/expense-categories';
import { fromCents, toCents } from '../../../shared/money';
import { recurringDatesDue } from '../../../shared/recurring-expense-periods';
import type {
  RecurringExpense,
  RecurringExpenseBody,
  RecurringFrequency,
} from '../../../shared/schemas/expenses';
import { actingUser, type Context } from '../../context';
import type { Database } from '../../db/client';
import { countRows, deleteUnlessUsed, type DeletionRules } from '../../db/delete-unless-used';
import { notFound } from '../../http/errors';
import { inOrganisation, propertiesInScope } from '../../scope';
import { recordEvent } from '../audit';
import { scopeFor } from '../authz';
import { propertiesTable, requireManagedFilters } from '../properties';
import { vendorsTable } from '../vendors';
import { checkLinks, createExpense } from './expenses.service';
import { expensesTable, recurringExpensesTable, type RecurringExpenseRow } from './expenses.table';

const r = recurringExpensesTable;
const NOT_FOUND = () => notFound('recurring-expenses.not_found', 'Recurring expense not found');

type Named = { row: RecurringExpenseRow; propertyName: string; vendorName: string | null };

function toRecurringExpense(
  { row, propertyName, vendorName }: Named,
  postedCount: number,
): RecurringExpense {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName,
    unitId: row.unitId,
    vendorId: row.vendorId,
    vendorName,
    category: row.category as ExpenseCategory,
    amount: fromCents(row.amount),
    memo: row.memo,
    frequency: row.frequency as RecurringFrequency,
    startDate: row.startDate,
    endDate: row.endDate,
    autopay: row.autopay as 'paid' | 'unpaid',
    postedCount,
  };
}

function namedQuery(db: Database) {
  return db
    .select({ row: r, propertyName: propertiesTable.name, vendorName: vendorsTable.name })
    .from(r)
    .innerJoin(
      propertiesTable,
      and(
        eq(propertiesTable.id, r.propertyId),
        eq(propertiesTable.organisationId, r.organisationId),
      ),
    )
    .leftJoin(
      vendorsTable,
      and(eq(vendorsTable.id, r.vendorId), eq(vendorsTable.organisationId, r.organisationId)),
    );
}

/** How many expenses each of these recurring expenses posted, read by their organisations first. */
async function countPosted(
  db: Database,
  recurring: readonly Pick<RecurringExpenseRow, 'id' | 'organisationId'>[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (recurring.length === 0) return counts;
  const rows = await db
    .select({ id: expensesTable.recurringExpenseId, n: count() })
    .from(expensesTable)
    .where(
      and(
        inArray(expensesTable.organisationId, [...new Set(recurring.map((x) => x.organisationId))]),
        inArray(
          expensesTable.recurringExpenseId,
          recurring.map((x) => x.id),
        ),
      ),
    )
    .groupBy(expensesTable.recurringExpenseId);
  for (const row of rows) counts.set(row.id!, Number(row.n));
  return counts;
}

async function requireRecurring(ctx: Context, id: number, lock = false): Promise<Named> {
  const query = namedQuery(ctx.tx)
    .where(
      and(
        inOrganisation(r.organisationId, scopeFor(ctx.actor)),
        eq(r.id, id),
        propertiesInScope(scopeFor(ctx.actor)),
      ),
    )
    .limit(1)
    .$dynamic();
  const [found] = await (lock ? query.for('update', { of: r }) : query);
  if (!found) throw NOT_FOUND();
  return found;
}

async function present(ctx: Context, id: number): Promise<RecurringExpense> {
  const found = await requireRecurring(ctx, id);
  return toRecurringExpense(found, (await countPosted(ctx.tx, [found.row])).get(id) ?? 0);
}

const valuesOf = (body: RecurringExpenseBody) => ({
  propertyId: body.propertyId,
  unitId: body.unitId,
  vendorId: body.vendorId,
  category: body.category,
  amount: toCents(body.amount),
  memo: body.memo,
  frequency: body.frequency,
  startDate: body.startDate,
  endDate: body.endDate,
  autopay: body.autopay,
});

export async function listRecurringExpenses(
  ctx: Context,
  { propertyId }: { propertyId?: number | undefined },
): Promise<RecurringExpense[]> {
  // Another organisation's property answers 404, as on every other list.
  await requireManagedFilters(ctx, { propertyId });
  const rows = await namedQuery(ctx.tx)
    .where(
      and(
        inOrganisation(r.organisationId, scopeFor(ctx.actor)),
        propertiesInScope(scopeFor(ctx.actor)),
        propertyId ? eq(r.propertyId, propertyId) : undefined,
      ),
    )
    .orderBy(asc(propertiesTable.name), asc(r.startDate), asc(r.id));
  const posted = await countPosted(
    ctx.tx,
    rows.map((row) => row.row),
  );
  return rows.map((row) => toRecurringExpense(row, posted.get(row.row.id) ?? 0));
}

export async function readRecurringExpense(ctx: Context, id: number): Promise<RecurringExpense> {
  return present(ctx, id);
}

export async function addRecurringExpense(
  ctx: Context,
  body: RecurringExpenseBody,
): Promise<RecurringExpense> {
  await checkLinks(ctx, body);
  const [row] = await ctx.tx
    .insert(r)
    .values({ ...valuesOf(body), createdByUserId: actingUser(ctx).id })
    .returning();
  await recordEvent(ctx, {
    entityType: 'recurring-expenses',
    entityId: row!.id,
    action: 'create',
    after: row,
  });
  return present(ctx, row!.id);
}

/** Changes it from its next posting on: expenses already posted stay as they are. */
export async function changeRecurringExpense(
  ctx: Context,
  { id, body }: { id: number; body: RecurringExpenseBody },
): Promise<RecurringExpense> {
  const { row: before } = await requireRecurring(ctx, id, true);
  await checkLinks(ctx, body);
  const [after] = await ctx.tx
    .update(r)
    .set({ ...valuesOf(body), updatedAt: ctx.now })
    .where(thisRecurring(before))
    .returning();
  await recordEvent(ctx, {
    entityType: 'recurring-expenses',
    entityId: id,
    action: 'update',
    before,
    after,
  });
  return present(ctx, id);
}

/** A recurring expense's own row, found by its organisation first (decision 0030). */
function thisRecurring({ id, organisationId }: Pick<RecurringExpenseRow, 'id' | 'organisationId'>) {
  return and(eq(r.organisationId, organisationId), eq(r.id, id));
}

function recurringDeletion({ id, organisationId }: RecurringExpenseRow): DeletionRules {
  return {
    blockers: [
      {
        kind: 'expenses',
        code: 'recurring-expenses.posted',
        count: (db) =>
          countRows(
            db,
            expensesTable,
            and(
              eq(expensesTable.organisationId, organisationId),
              eq(expensesTable.recurringExpenseId, id),
            )!,
          ),
        message: (n) =>
          `This recurring expense has posted ${n === 1 ? 'an expense' : `${n} expenses`} and cannot be removed; set an end date instead.`,
      },
    ],
    removes: [],
  };
}

/** Removes one never posted; a posted one is ended instead (409). */
export async function removeRecurringExpense(ctx: Context, id: number): Promise<void> {
  const { row } = await requireRecurring(ctx, id, true);
  await deleteUnlessUsed(ctx.tx, recurringDeletion(row), async (db) => {
    await db.delete(r).where(thisRecurring(row));
  });
  await recordEvent(ctx, {
    entityType: 'recurring-expenses',
    entityId: id,
    action: 'delete',
    before: row,
  });
}

/** Landlords with a recurring expense: the hourly job makes one posting job for each. */
export async function listLandlordsWithRecurringExpenses(db: Database): Promise<number[]> {
  const rows = await db
    .selectDistinct({ landlordId: propertiesTable.organisationId })
    .from(r)
    .innerJoin(propertiesTable, eq(propertiesTable.id, r.propertyId))
    .orderBy(asc(propertiesTable.organisationId));
  return rows.map((row) => row.landlordId);
}

/**
 * Posts one expense for every date of the landlord's recurring expenses that has come and is
 * not posted yet. Each recurring expense is locked while its periods are read and posted, so
 * two runs at once post a period once; the unique key (recurring expense, period) has the
 * last word. Autopay ones are posted paid on their date, the others unpaid and due on it.
 */
export async function postRecurringExpensesDue(
  ctx: Context,
  { landlordId }: { landlordId: number },
): Promise<number> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const templates = await ctx.tx
    .select({ row: r })
    .from(r)
    .innerJoin(propertiesTable, eq(propertiesTable.id, r.propertyId))
    .where(eq(propertiesTable.organisationId, landlordId))
    .orderBy(asc(r.id))
    .for('update', { of: r });
  let posted = 0;
  for (const { row } of templates) {
    const due = recurringDatesDue(
      {
        frequency: row.frequency as RecurringFrequency,
        startDate: row.startDate,
        endDate: row.endDate,
      },
      today,
    );
    if (due.length === 0) continue;
    const done = await ctx.tx
      .select({ period: expensesTable.period })
      .from(expensesTable)
      .where(and(eq(expensesTable.recurringExpenseId, row.id), isNotNull(expensesTable.period)));
    const postedPeriods = new Set(done.map((d) => d.period));
    for (const { date, period } of due) {
      if (postedPeriods.has(period)) continue;
      await createExpense(ctx, {
        propertyId: row.propertyId,
        unitId: row.unitId,
        vendorId: row.vendorId,
        category: row.category as ExpenseCategory,
        amount: fromCents(row.amount),
        expenseDate: date,
        paidOn: row.autopay === 'paid' ? date : null,
        dueDate: row.autopay === 'paid' ? null : date,
        memo: row.memo,
        recurringExpenseId: row.id,
        period,
      });
      posted++;
    }
  }
  return posted;
}
