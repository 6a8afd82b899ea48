import type { Page } from '@playwright/test';
import {
  createLease,
  createProperty,
  createTenant,
  createUnit,
  created,
  daysFromNow,
} from './api-helpers';
import { uniqueName } from './fixtures';

/**
 * A lease of the logged-in landlord with one charge on its ledger. It starts in a few days, so
 * the server's rent job posts nothing meanwhile: the balance is exactly that charge.
 */
export async function leaseWithCharge(page: Page, charge: number) {
  const property = await createProperty(page, { name: uniqueName('Ledger Court ') });
  const unit = await createUnit(page, property.id, { unitNumber: '2A', rent: 1400 });
  const tenant = await createTenant(page, unit.id, { firstName: 'Mabel', lastName: 'Payne' });
  const lease = await createLease(page, tenant.id, {
    startDate: daysFromNow(3),
    endDate: daysFromNow(368),
    rent: 1400,
    deposit: 1000,
  });
  await created(page, `/api/leases/${lease.id}/ledger/charges`, {
    category: 'utilities',
    amount: charge,
    entryDate: daysFromNow(-1),
    description: 'Water and sewer',
  });
  return { leaseId: lease.id };
}
