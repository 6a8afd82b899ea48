import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../shared/schemas/imports';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { depositTransactionsTable } from '../deposits';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { makeXlsx, postImport, type XlsxCell } from './imports.test-helpers';

const NOW = new Date('2026-06-15T15:00:00Z');

const TENANT_HEADER: XlsxCell[] = [
  'Property',
  'Unit',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Lease start',
  'Lease end',
  'Rent',
  'Deposit',
  'Deposit received',
];

/** What is here before the mixed file: one property, one unit, Ana on a lease. */
const FIRST: Record<string, XlsxCell[][]> = {
  Properties: [
    ['Property', 'Address', 'City', 'State', 'Zip code'],
    ['Maple Court', '12 Maple St', 'Springfield', 'IL', '62701'],
  ],
  Units: [
    ['Property', 'Unit', 'Bedrooms', 'Bathrooms', 'Square feet', 'Rent'],
    ['Maple Court', '1A', 2, 1, 850, '1,200.00'],
  ],
  Tenants: [
    TENANT_HEADER,
    [
      'Maple Court',
      '1A',
      'Ana',
      'Lopez',
      'ana@example.com',
      '(212) 555-0142',
      '2025-09-01',
      '2026-08-31',
      '1,200',
      '1,200',
      '1,200',
    ],
  ],
};

/**
 * Rows already here, rows repeated in the file, new rows, and rows each rule refuses. The
 * rows marked `bad` are reported and left out of the file that is then committed.
 */
function mixed(withErrors: boolean): Record<string, XlsxCell[][]> {
  const keep = (rows: { row: XlsxCell[]; bad?: boolean }[]) =>
    rows.filter((r) => withErrors || !r.bad).map((r) => r.row);
  const tenant = (cells: XlsxCell[]) => cells;
  return {
    Properties: [
      ['Property', 'Address', 'City', 'State', 'Zip code'],
      ...keep([
        { row: ['maple court', '12 MAPLE ST', 'Springfield', 'IL', '62701'] },
        { row: ['Elm Yard', '3 Elm Way', 'Springfield', 'IL', '62703'] },
        { row: ['Elm Yard', '3 Elm Way', 'Springfield', 'IL', '62703'] },
        { row: ['Oak Row', '9 Oak Row', 'Springfield', 'IL', 'none'], bad: true },
      ]),
    ],
    Units: [
      ['Property', 'Unit', 'Bedrooms', 'Bathrooms', 'Square feet', 'Rent'],
      ...keep([
        { row: ['Maple Court', '1A', 2, 1, 850, '1,200.00'] },
        { row: ['Maple Court', '1B', 1, 1, 600, '950'] },
        { row: ['ELM YARD', '1', 2, 1, 700, '1,000'] },
        { row: ['Elm Yard', '1', 2, 1, 700, '1,000'] },
        { row: ['Elm Yard', '2', 'x', 1, 700, '1,000'], bad: true },
        { row: ['Elm Yard', '3', 1, 1, 500, '800'] },
        { row: ['Nowhere', '5', 1, 1, 500, '800'], bad: true },
      ]),
    ],
    Tenants: [
      TENANT_HEADER,
      ...keep([
        // Ana by email, same lease: both here already.
        {
          row: tenant([
            'Maple Court',
            '1A',
            'Ana',
            'Lopez',
            'ANA@example.com',
            '(212) 555-0142',
            '2025-09-01',
            '2026-08-31',
            '1,200',
            '1,200',
            '',
          ]),
        },
        // Ana by name, a new lease after hers: a new lease for the tenant here.
        {
          row: tenant([
            'Maple Court',
            '1A',
            'ana',
            'LOPEZ',
            'ana.lopez@example.com',
            '(212) 555-0142',
            '2026-09-01',
            '2027-08-31',
            '1,250',
            '',
            '',
          ]),
        },
        {
          row: tenant([
            'Maple Court',
            '1B',
            'Bo',
            'Reyes',
            'bo@example.com',
            '(212) 555-0143',
            '2026-07-01',
            '2027-06-30',
            '',
            '900',
            '400',
          ]),
        },
        {
          row: tenant([
            'Maple Court',
            '1B',
            'Cy',
            'Moss',
            'cy@example.com',
            '(212) 555-0144',
            '',
            '',
            '',
            '',
            '',
          ]),
          bad: true,
        },
        {
          row: tenant([
            'Elm Yard',
            '1',
            'Di',
            'Ng',
            'di@example.com',
            '(212) 555-0145',
            '2026-01-01',
            '2026-12-31',
            '1,000',
            '',
            '',
          ]),
        },
        {
          row: tenant([
            'Elm Yard',
            '1',
            'Di',
            'Ng',
            'di@example.com',
            '(212) 555-0145',
            '2026-06-01',
            '2027-05-31',
            '1,000',
            '',
            '',
          ]),
          bad: true,
        },
        {
          row: tenant([
            'Elm Yard',
            '9',
            'Ed',
            'Yu',
            'ed@example.com',
            '(212) 555-0146',
            '',
            '',
            '',
            '',
            '',
          ]),
          bad: true,
        },
        {
          row: tenant([
            'Elm Yard',
            '3',
            'Fa',
            'Li',
            'fa@example.com',
            '(212) 555-0147',
            '2026-05-01',
            '2027-04-30',
            '800',
            '500',
            '600',
          ]),
          bad: true,
        },
        // Unit 3 is still Available: the row refused above added nothing.
        {
          row: tenant([
            'Elm Yard',
            '3',
            'Go',
            'Park',
            'go@example.com',
            '(212) 555-0148',
            '',
            '',
            '',
            '',
            '',
          ]),
        },
        // Go again, by email: here already (placed by the row above).
        {
          row: tenant([
            'Elm Yard',
            '3',
            'Gordon',
            'Park',
            'go@example.com',
            '(212) 555-0148',
            '',
            '',
            '',
            '',
            '',
          ]),
        },
      ]),
    ],
  };
}

const file = (sheets: Record<string, XlsxCell[][]>) => ({
  bytes: makeXlsx(sheets),
  filename: 'portfolio.xlsx',
});

/**
 * The records an import leaves, in a stable order and without ids: what the per-row import
 * (each row through the services) left for the same files.
 */
async function records(t: TestApp) {
  const db = t.database.db;
  const properties = await db.select().from(propertiesTable).orderBy(asc(propertiesTable.id));
  const propertyName = new Map(properties.map((p) => [p.id, p.name]));
  const units = await db.select().from(unitsTable).orderBy(asc(unitsTable.id));
  const tenants = await db.select().from(tenantsTable).orderBy(asc(tenantsTable.id));
  const tenantName = new Map(tenants.map((x) => [x.id, `${x.firstName} ${x.lastName}`]));
  const leases = await db.select().from(leasesTable).orderBy(asc(leasesTable.id));
  const leaseOf = new Map(
    leases.map((l) => [l.id, `${tenantName.get(l.tenantId)} ${l.startDate}`]),
  );
  const deposits = await db
    .select()
    .from(depositTransactionsTable)
    .orderBy(asc(depositTransactionsTable.id));
  const events = await db.select().from(auditEventsTable).orderBy(asc(auditEventsTable.id));
  const eventCounts: Record<string, number> = {};
  for (const e of events) {
    const key = `${e.entityType} ${e.action}`;
    eventCounts[key] = (eventCounts[key] ?? 0) + 1;
  }
  return {
    properties: properties.map((p) => [p.name, p.address, p.city, p.state, p.zipCode]),
    units: units.map((u) => [
      propertyName.get(u.propertyId),
      u.unitNumber,
      u.bedrooms,
      u.bathrooms,
      u.squareFeet,
      u.rent,
      u.status,
    ]),
    tenants: tenants.map((x) => [x.unitNumber, x.firstName, x.lastName, x.email, x.movedOutOn]),
    leases: leases.map((l) => [
      tenantName.get(l.tenantId),
      l.unitNumber,
      l.startDate,
      l.endDate,
      l.rent,
      l.deposit,
      l.status,
      l.rentChargedFrom,
    ]),
    deposits: deposits.map((d) => [
      leaseOf.get(d.leaseId),
      d.kind,
      d.amount,
      d.transactionDate,
      d.description,
    ]),
    events: eventCounts,
    unitStatusEvents: events
      .filter((e) => e.entityType === 'units' && e.action === 'update')
      .map((e) => [e.before, e.after]),
  };
}

describe('a mixed file: rows here, repeated, new and refused (the batched import)', () => {
  let t: TestApp;
  let landlord: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    landlord = await signUpAndLogin(t, 'Landlord');
  });
  afterAll(() => t.close());

  it('reports every refused row by line and column, commits the same records as row by row, and a re-import adds nothing', async () => {
    const first = await postImport(landlord, '/api/imports', file(FIRST));
    expect(first.statusCode, first.body).toBe(201);

    const preview = (
      await postImport(landlord, '/api/imports/preview', file(mixed(true)))
    ).json() as ImportResult;
    expect(preview.errors).toEqual([
      {
        sheet: 'Properties',
        line: 5,
        column: 'Zip code',
        message: expect.any(String),
        value: 'none',
      },
      {
        sheet: 'Units',
        line: 6,
        column: 'Bedrooms',
        message: 'Bedrooms must be a number',
        value: 'x',
      },
      {
        sheet: 'Units',
        line: 8,
        column: 'Property',
        message: 'There is no property named Nowhere: add it to the properties sheet first',
        value: 'Nowhere',
      },
      {
        sheet: 'Tenants',
        line: 5,
        column: '',
        message: 'This unit is no longer available',
        value: '',
      },
      {
        sheet: 'Tenants',
        line: 7,
        column: '',
        message:
          'This tenant already has an Active lease from Jan 1, 2026 to Dec 31, 2026 that overlaps these dates',
        value: '',
      },
      {
        sheet: 'Tenants',
        line: 8,
        column: 'Unit',
        message: 'Elm Yard has no unit 9: add it to the units sheet first',
        value: '9',
      },
      {
        sheet: 'Tenants',
        line: 9,
        column: '',
        message: 'Amount is more than the $500.00 still to receive of the deposit',
        value: '',
      },
    ]);
    const refused = await postImport(landlord, '/api/imports', file(mixed(true)));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      '7 rows have errors: nothing was imported. Fix them and import again.',
    );

    const clean = (
      await postImport(landlord, '/api/imports/preview', file(mixed(false)))
    ).json() as ImportResult;
    expect(clean.errors).toEqual([]);
    const commit = await postImport(landlord, '/api/imports', file(mixed(false)));
    expect(commit.statusCode, commit.body).toBe(201);
    const result = commit.json() as ImportResult;
    expect(result.created).toEqual(clean.created);
    expect(result.created).toEqual({ properties: 1, units: 3, tenants: 3, leases: 3, staff: 0 });
    expect(result.existing).toEqual({ properties: 2, units: 2, tenants: 3, leases: 1, staff: 0 });

    const after = await records(t);
    expect(after).toEqual({
      properties: [
        ['Maple Court', '12 Maple St', 'Springfield', 'IL', '62701'],
        ['Elm Yard', '3 Elm Way', 'Springfield', 'IL', '62703'],
      ],
      units: [
        ['Maple Court', '1A', 2, 1, 850, 120000, 'Rented'],
        ['Maple Court', '1B', 1, 1, 600, 95000, 'Rented'],
        ['Elm Yard', '1', 2, 1, 700, 100000, 'Rented'],
        ['Elm Yard', '3', 1, 1, 500, 80000, 'Rented'],
      ],
      tenants: [
        ['1A', 'Ana', 'Lopez', 'ana@example.com', null],
        ['1B', 'Bo', 'Reyes', 'bo@example.com', null],
        ['1', 'Di', 'Ng', 'di@example.com', null],
        ['3', 'Go', 'Park', 'go@example.com', null],
      ],
      leases: [
        ['Ana Lopez', '1A', '2025-09-01', '2026-08-31', 120000, 120000, 'Active', '2026-06-15'],
        ['Ana Lopez', '1A', '2026-09-01', '2027-08-31', 125000, 0, 'Active', null],
        ['Bo Reyes', '1B', '2026-07-01', '2027-06-30', 95000, 90000, 'Active', null],
        ['Di Ng', '1', '2026-01-01', '2026-12-31', 100000, 0, 'Active', '2026-06-15'],
      ],
      deposits: [
        ['Ana Lopez 2025-09-01', 'received', 120000, '2025-09-01', 'Received before import'],
        ['Bo Reyes 2026-07-01', 'received', 40000, '2026-06-15', 'Received before import'],
      ],
      events: {
        'properties create': 2,
        'units create': 4,
        'units update': 4,
        'tenants create': 4,
        'leases create': 4,
        'leases deposit.receipt': 2,
        // Signing up (which founds the landlord's organisation) and in.
        'users create': 1,
        'organisations create': 1,
        'members create': 1,
        'users login': 1,
      },
      unitStatusEvents: Array(4).fill([{ status: 'Available' }, { status: 'Rented' }]),
    });

    const again = await postImport(landlord, '/api/imports', file(mixed(false)));
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as ImportResult).created).toEqual({
      properties: 0,
      units: 0,
      tenants: 0,
      leases: 0,
      staff: 0,
    });
    expect(await records(t)).toEqual(after);
  });
});
