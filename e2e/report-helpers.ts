import type { Page } from '@playwright/test';
import { created } from './api-helpers';

/**
 * An expense of the logged-in landlord through the expenses API (`POST /api/expenses`, the
 * expenses module's), as its screen records one.
 */
export function createExpenseViaApi(
  page: Page,
  expense: {
    propertyId: number;
    category: string;
    amount: number;
    expenseDate: string;
    paidOn?: string;
    vendorId?: number;
    memo?: string;
  },
) {
  return created(page, '/api/expenses', expense);
}

let paymentCounter = 0;

/** A payment on a lease's ledger, received on `entryDate`. */
export function recordPaymentViaApi(
  page: Page,
  leaseId: number,
  amount: number,
  entryDate: string,
) {
  return created(page, `/api/leases/${leaseId}/ledger/payments`, {
    amount,
    entryDate,
    method: 'check',
    idempotencyKey: `e2e-report-${Date.now()}-${++paymentCounter}`,
  });
}
