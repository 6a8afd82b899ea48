import { expect } from 'vitest';
import type { ExpenseCategory } from '../../../shared/expense-categories';
import { toCents } from '../../../shared/money';
import type { TestApp, TestUser } from '../../test/test-app';
import { expensesTable } from '../expenses';
import { vendorsTable } from '../vendors';

/**
 * Test data for the books. Vendors and expenses go straight into their tables (their API is
 * built beside this module); ledger entries go through the ledger's API.
 */
export async function seedVendor(
  t: TestApp,
  owner: TestUser,
  vendor: { name: string; receives1099?: boolean; taxId?: string },
) {
  const [row] = await t.database.db
    .insert(vendorsTable)
    .values({
      organisationId: owner.organisation!.organisationId,
      name: vendor.name,
      receives1099: vendor.receives1099 ?? false,
      taxId: vendor.taxId ?? null,
    })
    .returning();
  return row!;
}

export interface SeedExpense {
  propertyId: number;
  category: ExpenseCategory;
  amount: number;
  expenseDate: string;
  paidOn?: string | null;
  vendorId?: number | null;
}

export async function seedExpenses(t: TestApp, expenses: SeedExpense[]) {
  if (expenses.length === 0) return [];
  return t.database.db
    .insert(expensesTable)
    .values(
      expenses.map((expense) => ({
        propertyId: expense.propertyId,
        category: expense.category,
        amount: toCents(expense.amount),
        expenseDate: expense.expenseDate,
        paidOn: expense.paidOn ?? null,
        vendorId: expense.vendorId ?? null,
      })),
    )
    .returning();
}

/** Posts to the ledger; answers the id of the entry made (the ledger's newest). */
async function postOk(user: TestUser, url: string, payload: object): Promise<number> {
  const response = await user.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  const { entries } = response.json() as { entries: { id: number }[] };
  return Math.max(...entries.map((entry) => entry.id));
}

let paymentKeys = 0;

/** The ledger's API, as the landlord's screens call it. */
export const ledgerApi = {
  charge: (user: TestUser, leaseId: number, amount: number, entryDate: string, category = 'fee') =>
    postOk(user, `/api/leases/${leaseId}/ledger/charges`, {
      category,
      amount,
      entryDate,
      description: `Charge ${category}`,
    }),
  credit: (user: TestUser, leaseId: number, amount: number, entryDate: string) =>
    postOk(user, `/api/leases/${leaseId}/ledger/credits`, {
      amount,
      entryDate,
      description: 'Goodwill credit',
    }),
  payment: (user: TestUser, leaseId: number, amount: number, entryDate: string) =>
    postOk(user, `/api/leases/${leaseId}/ledger/payments`, {
      amount,
      entryDate,
      method: 'check',
      idempotencyKey: `reports-test-${++paymentKeys}-${Date.now()}`,
    }),
  reverse: (user: TestUser, leaseId: number, entryId: number) =>
    postOk(user, `/api/leases/${leaseId}/ledger/entries/${entryId}/reversal`, {
      reason: 'Entered by mistake',
    }),
};
