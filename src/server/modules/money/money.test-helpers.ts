import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../test/test-app';
import { organisationOf } from '../../test/fixtures';
import { deltaOf, type EntryKind } from '../../../shared/ledger';
import { toCents } from '../../../shared/money';
import { ledgerEntriesTable } from '../ledger';
import { leasesTable } from '../leases';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { propertiesTable } from '../properties';

let counter = 0;

/** A property of the owner with `units` units, straight into the database (tests set up fast). */
export async function seedProperty(
  t: TestApp,
  owner: TestUser,
  { name = `Elm Yard ${++counter}`, units = 1 }: { name?: string; units?: number } = {},
) {
  const [property] = await t.database.db
    .insert(propertiesTable)
    .values({
      userId: owner.user.id,
      organisationId: organisationOf(owner.user.id),
      name,
      address: '1 Elm St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    })
    .returning();
  const unitRows = await t.database.db
    .insert(unitsTable)
    .values(
      Array.from({ length: units }, (_, i) => ({
        propertyId: property!.id,
        unitNumber: `${i + 1}A`,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: toCents(1000),
        status: 'Available',
      })),
    )
    .returning();
  return { property: property!, units: unitRows };
}

export async function seedTenant(
  t: TestApp,
  unit: { id: number; unitNumber: string },
  names: { firstName?: string; lastName?: string } = {},
) {
  const [tenant] = await t.database.db
    .insert(tenantsTable)
    .values({
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: names.firstName ?? 'Grace',
      lastName: names.lastName ?? `Hopper${++counter}`,
      phoneNumber: '+12125550101',
      email: 'grace@example.com',
    })
    .returning();
  return tenant!;
}

export async function seedLease(
  t: TestApp,
  tenant: { id: number; unitId: number; unitNumber: string; firstName: string; lastName: string },
  terms: { startDate?: string; endDate?: string; rent?: number; status?: string } = {},
) {
  const [lease] = await t.database.db
    .insert(leasesTable)
    .values({
      tenantId: tenant.id,
      unitId: tenant.unitId,
      unitNumber: tenant.unitNumber,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      startDate: terms.startDate ?? '2026-01-01',
      endDate: terms.endDate ?? '2026-12-31',
      rent: toCents(terms.rent ?? 1000),
      deposit: toCents(0),
      status: terms.status ?? 'Active',
    })
    .returning();
  return lease!;
}

export interface SeedEntry {
  kind: Exclude<EntryKind, 'reversal'>;
  amount: number;
  entryDate: string;
}

/** Appends entries (amounts in currency units) to a lease; returns their ids in order. */
export async function seedEntries(t: TestApp, leaseId: number, entries: SeedEntry[]) {
  const ids: number[] = [];
  for (const entry of entries) {
    const amount = toCents(entry.amount);
    const [row] = await t.database.db
      .insert(ledgerEntriesTable)
      .values({
        leaseId,
        kind: entry.kind,
        category: entry.kind === 'charge' ? 'fee' : null,
        method: entry.kind === 'payment' ? 'cash' : null,
        amount,
        delta: deltaOf(entry.kind, amount),
        entryDate: entry.entryDate,
      })
      .returning();
    ids.push(row!.id);
  }
  return ids;
}

/** Reverses an entry directly (dated `entryDate`). */
export async function seedReversal(
  t: TestApp,
  leaseId: number,
  entryId: number,
  entryDate: string,
) {
  const { eq } = await import('drizzle-orm');
  const [target] = await t.database.db
    .select()
    .from(ledgerEntriesTable)
    .where(eq(ledgerEntriesTable.id, entryId));
  const [row] = await t.database.db
    .insert(ledgerEntriesTable)
    .values({
      leaseId,
      kind: 'reversal',
      amount: target!.amount,
      delta: deltaOf('reversal', target!.amount, target!),
      entryDate,
      reversesId: entryId,
      period: target!.period,
    })
    .returning();
  return row!.id;
}

export async function getJson<T>(user: TestUser, url: string, status = 200) {
  const response = await user.request({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(status);
  return { body: response.json() as T, headers: response.headers };
}
