import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { ledgerEntriesTable } from '../ledger';
import { seedLease, seedProperty, seedTenant } from './money.test-helpers';

/**
 * The API takes money as a JSON number; a money field hands on text it cannot read as typed,
 * and the shared schema refuses it with the field's own words (docs/product.md section 5).
 */
describe('amounts of money the API refuses, and why', () => {
  let t: TestApp;
  let landlord: TestUser;
  let leaseId: number;
  let unitId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord] = await signUpAll(t, ['Landlord']);
    const { units } = await seedProperty(t, landlord);
    unitId = units[0]!.id;
    leaseId = (await seedLease(t, await seedTenant(t, units[0]!))).id;
  });
  afterAll(() => t.close());

  const entries = async () =>
    (await t.database.db.select({ n: count() }).from(ledgerEntriesTable))[0]!.n;

  it.each([
    [
      '1,65',
      'Amount: "1,65" could be read two ways. Use a point for cents and a comma only between groups of three digits, e.g. 1,650.00',
    ],
    [
      '1,6500',
      'Amount: "1,6500" could be read two ways. Use a point for cents and a comma only between groups of three digits, e.g. 1,650.00',
    ],
    ['-5', 'Amount cannot be negative'],
    ['1.005', 'Amount can have at most two decimals'],
    ['lots', 'Amount must be an amount of money, e.g. 1,650.00'],
    ['1,650', 'Amount must be a number'],
  ])('refuses a payment of %j with its reason and records nothing', async (amount, message) => {
    const before = await entries();
    const response = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/payments`,
      payload: {
        amount,
        entryDate: '2026-03-14',
        method: 'check',
        idempotencyKey: `amount-${amount}`,
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.amount).toEqual([message]);
    expect(await entries()).toBe(before);
  });

  it('says the same of a rent, a charge and a late fee', async () => {
    const rent = await landlord.request({
      method: 'PUT',
      url: `/api/units/${unitId}`,
      payload: {
        unitNumber: '1A',
        propertyId: (await landlord.request({ method: 'GET', url: `/api/units/${unitId}` })).json()
          .propertyId,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: '1,65',
        status: 'Available',
      },
    });
    expect(rent.statusCode).toBe(400);
    expect(rent.json().errors.rent[0]).toMatch(/^Rent: "1,65" could be read two ways/);
    const charge = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/charges`,
      payload: { category: 'fee', amount: '-5', entryDate: '2026-03-14', description: 'Key' },
    });
    expect(charge.statusCode).toBe(400);
    expect(charge.json().errors.amount).toEqual(['Amount cannot be negative']);
  });
});
