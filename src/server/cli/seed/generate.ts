import { faker } from '@faker-js/faker';
import { toCents } from '../../../shared/money';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  LEASE_STATUSES,
  UNIT_STATUSES,
  type Role,
  type UnitStatus,
} from '../../../shared/constants';
import type { Database } from '../../db/client';
import { applicationsTable } from '../../modules/applications';
import { leasesTable } from '../../modules/leases';
import { organisationMembersTable, organisationsTable } from '../../modules/organisations';
import { propertiesTable } from '../../modules/properties';
import { staffTable } from '../../modules/staff';
import { tenantsTable } from '../../modules/tenants';
import { unitsTable } from '../../modules/units';
import { usersTable, hashPassword } from '../../modules/users';
import { withPropertyOfLease } from '../../modules/tenancy';
import { workOrderNotesTable, workOrdersTable } from '../../modules/work-orders';
import { seedDemoMoney } from './demo-money';
import { seedDemoPortal } from './demo-portal';

/**
 * Fake-but-valid data for demos and benchmarks, written straight to the database in
 * batches. Every value respects the tables' checks (two-letter state, 5-digit zip, phones
 * of at most 15 characters, http(s) image links, leases that end after they start).
 */

export interface Login {
  userName: string;
  password: string;
  roles: Role[];
  /** A place in a landlord's team, for the printed list (the demo's bookkeeper). */
  member?: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for every table. */
const BATCH = 1000;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/**
 * A US number in the range kept for fiction (555-0100 to 555-0199) of a real area code, in
 * the stored form (E.164, docs/product.md section 5), so it is valid when a form edits it.
 */
const AREA_CODES = ['212', '312', '415', '503', '617', '713', '206', '305'];
const fakePhone = () =>
  `+1${faker.helpers.arrayElement(AREA_CODES)}55501${faker.string.numeric(2)}`;
const money = (min: number, max: number) => faker.number.int({ min, max }) * 5;

/**
 * Real US cities with a ZIP code of each (its downtown), so a demo address reads as one: the
 * city, state and ZIP agree.
 */
export const US_CITIES = [
  { city: 'Portland', state: 'OR', zipCode: '97205' },
  { city: 'Columbus', state: 'OH', zipCode: '43215' },
  { city: 'Austin', state: 'TX', zipCode: '78701' },
  { city: 'Denver', state: 'CO', zipCode: '80203' },
  { city: 'Madison', state: 'WI', zipCode: '53703' },
  { city: 'Raleigh', state: 'NC', zipCode: '27601' },
  { city: 'Sacramento', state: 'CA', zipCode: '95814' },
  { city: 'Minneapolis', state: 'MN', zipCode: '55401' },
  { city: 'Boise', state: 'ID', zipCode: '83702' },
  { city: 'Richmond', state: 'VA', zipCode: '23219' },
  { city: 'Albuquerque', state: 'NM', zipCode: '87102' },
  { city: 'Salt Lake City', state: 'UT', zipCode: '84111' },
  { city: 'Nashville', state: 'TN', zipCode: '37203' },
  { city: 'Kansas City', state: 'MO', zipCode: '64105' },
  { city: 'Pittsburgh', state: 'PA', zipCode: '15222' },
  { city: 'Tucson', state: 'AZ', zipCode: '85701' },
  { city: 'Burlington', state: 'VT', zipCode: '05401' },
  { city: 'Providence', state: 'RI', zipCode: '02903' },
  { city: 'Spokane', state: 'WA', zipCode: '99201' },
  { city: 'Savannah', state: 'GA', zipCode: '31401' },
  { city: 'Ann Arbor', state: 'MI', zipCode: '48104' },
  { city: 'Omaha', state: 'NE', zipCode: '68102' },
] as const;

const STREET_NAMES = [
  'Maple',
  'Oak',
  'Cedar',
  'Elm',
  'Walnut',
  'Chestnut',
  'Washington',
  'Lincoln',
  'Jefferson',
  'Madison',
  'Park',
  'Lake',
  'Hillside',
  'Riverside',
  'Franklin',
  'Highland',
];
const STREET_KINDS = ['Street', 'Avenue', 'Road', 'Boulevard', 'Drive', 'Lane'];

function fakeProperty(owner: {
  userId: number;
  organisationId: number;
}): typeof propertiesTable.$inferInsert {
  const streetName = faker.helpers.arrayElement(STREET_NAMES);
  const street = `${streetName} ${faker.helpers.arrayElement(STREET_KINDS)}`;
  const name = `${streetName} ${faker.helpers.arrayElement(['Apartments', 'Lofts', 'Residences', 'Court', 'House', 'Terrace'])}`;
  const place = faker.helpers.arrayElement(US_CITIES);
  return {
    ...owner,
    name,
    description: faker.helpers.arrayElement([
      `Bright building on ${street}, ${faker.number.int({ min: 2, max: 12 })} minutes from transit.`,
      'Quiet residential building with laundry on site and bike storage.',
      'Renovated walk-up with hardwood floors and a shared garden.',
      null,
    ]),
    address: `${faker.number.int({ min: 100, max: 4999 })} ${street}`,
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    imageUrl: faker.datatype.boolean(0.7)
      ? `https://picsum.photos/seed/${faker.string.alphanumeric(8)}/640/400`
      : null,
  };
}

function fakeUnit(
  propertyId: number,
  index: number,
  status: UnitStatus,
): typeof unitsTable.$inferInsert {
  const bedrooms = faker.number.int({ min: 0, max: 4 });
  const floor = Math.floor(index / 8) + 1;
  return {
    propertyId,
    unitNumber: `${floor}${String.fromCharCode(65 + (index % 8))}`,
    description: faker.helpers.arrayElement([
      `${bedrooms === 0 ? 'Studio' : `${bedrooms}-bedroom`} with ${faker.helpers.arrayElement(['a balcony', 'a bay window', 'an updated kitchen', 'in-unit laundry', 'a walk-in closet'])}.`,
      null,
    ]),
    imageUrl: faker.datatype.boolean(0.4)
      ? `https://picsum.photos/seed/${faker.string.alphanumeric(8)}/480/320`
      : null,
    bedrooms,
    bathrooms: faker.helpers.arrayElement([1, 1, 1.5, 2, 2.5]),
    squareFeet: 350 + bedrooms * 250 + faker.number.int({ min: 0, max: 200 }),
    rent: toCents(money(180, 700)),
    status,
  };
}

function fakePerson() {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    firstName,
    lastName,
    email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
    phone: fakePhone(),
  };
}

async function insertInBatches<T extends Record<string, unknown>>(
  rows: T[],
  insert: (batch: T[]) => Promise<{ id: number }[]>,
  onProgress?: (done: number) => void,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const inserted = await insert(batch);
    ids.push(...inserted.map((row) => row.id));
    onProgress?.(batch.length);
  }
  return ids;
}

export async function insertUser(
  db: Database,
  login: Login,
  contact: { email: string | null; phone: string | null },
): Promise<number> {
  const [row] = await db
    .insert(usersTable)
    .values({
      userName: login.userName,
      passwordHash: await hashPassword(login.password),
      roles: login.roles,
      email: contact.email,
      phone: contact.phone,
    })
    .returning({ id: usersTable.id });
  // A landlord is the Owner of an organisation of their own, as sign-up makes it.
  if (login.roles.includes('Landlord')) {
    const [organisation] = await db
      .insert(organisationsTable)
      .values({ name: login.userName })
      .returning({ id: organisationsTable.id });
    await db
      .insert(organisationMembersTable)
      .values({ organisationId: organisation!.id, userId: row!.id, role: 'Owner' });
  }
  return row!.id;
}

/** The organisation a landlord owns (insertUser made it). */
async function organisationOfLandlord(db: Database, userId: number): Promise<number> {
  const [member] = await db
    .select({ organisationId: organisationMembersTable.organisationId })
    .from(organisationMembersTable)
    .where(
      and(eq(organisationMembersTable.userId, userId), eq(organisationMembersTable.role, 'Owner')),
    )
    .limit(1);
  if (!member) throw new Error(`account ${userId} owns no organisation`);
  return member.organisationId;
}

export async function userExists(db: Database, userName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(eq(sql`lower(${usersTable.userName})`, userName.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export interface PortfolioOptions {
  properties: number;
  unitsPerProperty: number;
  /** Share of units that are Rented with a current lease (the rest spread over other statuses). */
  rentedShare?: number;
  /** Each unit's status by its property's and its own position, instead of drawing it. */
  statusOf?: (property: number, unit: number) => UnitStatus;
  /** Give every non-rented unit a past (Expired or Terminated) lease too, so leases ~= units. */
  pastLeaseForEveryOtherUnit?: boolean;
  staffPerProperty?: number;
  pendingApplications?: number;
  today?: Date;
  onProgress?: (done: number) => void;
}

export interface PortfolioCounts {
  properties: number;
  units: number;
  tenants: number;
  leases: number;
  staff: number;
  applications: number;
}

/**
 * One landlord's portfolio: properties, units in every status, a tenant and a current lease
 * for each rented unit, past leases, staff and pending applications for available units.
 * Progress is reported in rows written.
 */
export async function seedPortfolio(
  db: Database,
  userId: number,
  options: PortfolioOptions,
): Promise<PortfolioCounts> {
  const today = options.today ?? new Date();
  const rentedShare = options.rentedShare ?? 0.7;
  const progress = options.onProgress;

  const owner = { userId, organisationId: await organisationOfLandlord(db, userId) };
  const propertyIds = await insertInBatches(
    Array.from({ length: options.properties }, () => fakeProperty(owner)),
    (batch) => db.insert(propertiesTable).values(batch).returning({ id: propertiesTable.id }),
    progress,
  );

  const otherStatuses = UNIT_STATUSES.filter((status) => status !== 'Rented');
  const unitRows = propertyIds.flatMap((propertyId, propertyIndex) =>
    Array.from({ length: options.unitsPerProperty }, (_, index) => {
      // The first units of every property cover each status, so small portfolios show them all.
      const status: UnitStatus = options.statusOf
        ? options.statusOf(propertyIndex, index)
        : index < UNIT_STATUSES.length && options.unitsPerProperty >= UNIT_STATUSES.length
          ? UNIT_STATUSES[index]!
          : faker.datatype.boolean(rentedShare)
            ? 'Rented'
            : faker.helpers.arrayElement(otherStatuses);
      return fakeUnit(propertyId, index, status);
    }),
  );
  const unitIds = await insertInBatches(
    unitRows,
    (batch) => db.insert(unitsTable).values(batch).returning({ id: unitsTable.id }),
    progress,
  );
  const units = unitRows.map((row, i) => ({ ...row, id: unitIds[i]! }));

  // A tenant for every rented unit, and (optionally) a former tenant for the others.
  const tenanted = units.filter(
    (unit) => unit.status === 'Rented' || options.pastLeaseForEveryOtherUnit,
  );
  const tenantRows = tenanted.map((unit) => {
    const person = fakePerson();
    return {
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phoneNumber: person.phone,
    };
  });
  const tenantIds = await insertInBatches(
    tenantRows,
    (batch) => db.insert(tenantsTable).values(batch).returning({ id: tenantsTable.id }),
    progress,
  );

  const leaseRows = tenanted.map((unit, i) => {
    const tenant = tenantRows[i]!;
    const current = unit.status === 'Rented';
    const start = current
      ? addMonths(today, -faker.number.int({ min: 0, max: 11 }))
      : addMonths(today, -faker.number.int({ min: 14, max: 36 }));
    const end = addDays(addMonths(start, 12), -1);
    return {
      tenantId: tenantIds[i]!,
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      startDate: isoDate(start),
      endDate: isoDate(end),
      rent: unit.rent!,
      deposit: unit.rent!,
      status: current ? ('Active' as const) : faker.helpers.arrayElement(LEASE_STATUSES.slice(1)),
      // A past lease is history from before these books: its rent is not charged here.
      rentChargedFrom: current ? null : isoDate(addDays(end, 1)),
    };
  });
  const leaseIds = await insertInBatches(
    leaseRows,
    (batch) => db.insert(leasesTable).values(batch).returning({ id: leasesTable.id }),
    progress,
  );

  const staffRows = propertyIds.flatMap((propertyId) =>
    Array.from({ length: options.staffPerProperty ?? 0 }, () => {
      const person = fakePerson();
      return {
        propertyId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        position: faker.helpers.arrayElement([
          'Superintendent',
          'Maintenance Technician',
          'Leasing Agent',
          'Groundskeeper',
        ]),
      };
    }),
  );
  const staffIds = await insertInBatches(
    staffRows,
    (batch) => db.insert(staffTable).values(batch).returning({ id: staffTable.id }),
    progress,
  );

  const available = units.filter((unit) => unit.status === 'Available');
  const applicationRows = Array.from(
    { length: Math.min(options.pendingApplications ?? 0, available.length * 2) },
    (_, i) => {
      const unit = available[i % available.length]!;
      const person = fakePerson();
      return {
        unitId: unit.id,
        unitNumber: unit.unitNumber,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phoneNumber: person.phone,
        moveInDate: isoDate(addDays(today, faker.number.int({ min: 7, max: 60 }))),
        message: faker.helpers.arrayElement([
          'Could I see the unit this weekend?',
          'I work nearby and have a small, quiet cat.',
          null,
        ]),
        status: 'Pending',
      };
    },
  );
  const applicationIds = await insertInBatches(
    applicationRows,
    (batch) => db.insert(applicationsTable).values(batch).returning({ id: applicationsTable.id }),
    progress,
  );

  return {
    properties: propertyIds.length,
    units: unitIds.length,
    tenants: tenantIds.length,
    leases: leaseIds.length,
    staff: staffIds.length,
    applications: applicationIds.length,
  };
}

/** Rows seedPortfolio writes, for sizing a progress bar. */
export function portfolioRowEstimate(options: PortfolioOptions): number {
  const units = options.properties * options.unitsPerProperty;
  const tenanted = options.pastLeaseForEveryOtherUnit
    ? units
    : Math.round(units * (options.rentedShare ?? 0.7));
  return (
    options.properties +
    units +
    tenanted * 2 +
    options.properties * (options.staffPerProperty ?? 0) +
    (options.pendingApplications ?? 0)
  );
}

export const DEMO_PASSWORD = 'porchlight-demo-2026';

/**
 * The demo: two landlords with a few properties each, a tenant and a maintenance login. The
 * time zone is the landlords' calendar (the app's), which decides what rent is due by today.
 */
export async function seedDemo(
  db: Database,
  timeZone: string,
  today = new Date(),
): Promise<{ logins: Login[]; created: boolean }> {
  faker.seed(2026);
  const logins: Login[] = [
    { userName: 'alice.landlord', password: DEMO_PASSWORD, roles: ['Landlord'] },
    { userName: 'bruno.landlord', password: DEMO_PASSWORD, roles: ['Landlord'] },
    { userName: 'tina.tenant', password: DEMO_PASSWORD, roles: ['Tenant'] },
    { userName: 'max.maintenance', password: DEMO_PASSWORD, roles: ['Maintenance'] },
    // Signed up as nothing in particular: being in Alice's team is what lets her in.
    {
      userName: 'dana.bookkeeper',
      password: DEMO_PASSWORD,
      roles: [],
      member: 'Bookkeeper at Alice Morgan',
    },
  ];
  if (await userExists(db, logins[0]!.userName)) return { logins, created: false };

  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const login of logins) {
      const person = fakePerson();
      ids.push(
        await insertUser(tx as unknown as Database, login, {
          email: `${login.userName}@example.com`,
          phone: person.phone,
        }),
      );
    }
    // The landlords' names as their tenants, workers and applicants see them.
    for (const [index, displayName] of ['Alice Morgan', 'Bruno Reyes Rentals'].entries()) {
      await tx.update(usersTable).set({ displayName }).where(eq(usersTable.id, ids[index]!));
      const organisationId = await organisationOfLandlord(tx as unknown as Database, ids[index]!);
      await tx
        .update(organisationsTable)
        .set({ name: displayName })
        .where(eq(organisationsTable.id, organisationId));
    }
    await tx.insert(organisationMembersTable).values({
      organisationId: await organisationOfLandlord(tx as unknown as Database, ids[0]!),
      userId: ids[4]!,
      role: 'Bookkeeper',
    });
    // About 90% let, as a landlord's buildings are: 30 of 34 units. Alice has one unit
    // Available in two of her buildings and one under Maintenance; Bruno one Available.
    await seedPortfolio(tx as unknown as Database, ids[0]!, {
      properties: 3,
      unitsPerProperty: 8,
      statusOf: (property, unit) =>
        unit !== 7 ? 'Rented' : (['Available', 'Maintenance', 'Available'] as const)[property]!,
      staffPerProperty: 2,
      pendingApplications: 4,
      today,
    });
    await seedPortfolio(tx as unknown as Database, ids[1]!, {
      properties: 2,
      unitsPerProperty: 5,
      statusOf: (property, unit) => (property === 1 && unit === 4 ? 'Available' : 'Rented'),
      staffPerProperty: 1,
      pendingApplications: 2,
      today,
    });
    await seedLeaseStory(tx as unknown as Database, ids[0]!, today);
    await seedWorkOrders(tx as unknown as Database, ids[0]!, ids[3]!, today);
    await seedDemoMoney(tx as unknown as Database, [ids[0]!, ids[1]!], today, timeZone);
    await seedDemoPortal(
      tx as unknown as Database,
      {
        landlordId: ids[0]!,
        tenantUserId: ids[2]!,
        tenantUserName: logins[2]!.userName,
        workerUserId: ids[3]!,
        workerUserName: logins[3]!.userName,
      },
      today,
    );
    // Past leases: former tenants of the demo landlords' units that are empty again.
    // Only their own units: the database may hold real landlords' records too.
    const formerUnits = await tx
      .select({ id: unitsTable.id, unitNumber: unitsTable.unitNumber, rent: unitsTable.rent })
      .from(unitsTable)
      .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
      .where(
        and(
          inArray(unitsTable.status, ['Available', 'Maintenance']),
          inArray(propertiesTable.userId, [ids[0]!, ids[1]!]),
        ),
      )
      .orderBy(unitsTable.id)
      .limit(4);
    for (const unit of formerUnits) {
      const person = fakePerson();
      const start = addMonths(today, -faker.number.int({ min: 15, max: 30 }));
      const end = isoDate(addDays(addMonths(start, 12), -1));
      const [tenant] = await tx
        .insert(tenantsTable)
        .values({
          // They moved out when their lease ended: the unit's history, not its occupant.
          movedOutOn: end,
          unitId: unit.id,
          unitNumber: unit.unitNumber,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          phoneNumber: person.phone,
        })
        .returning({ id: tenantsTable.id });
      await tx.insert(leasesTable).values({
        tenantId: tenant!.id,
        unitId: unit.id,
        unitNumber: unit.unitNumber,
        firstName: person.firstName,
        lastName: person.lastName,
        startDate: isoDate(start),
        endDate: end,
        rent: unit.rent,
        deposit: unit.rent,
        status: 'Expired',
        // History from before these books: its rent is not charged here.
        rentChargedFrom: isoDate(addMonths(start, 12)),
      });
    }
  });
  return { logins, created: true };
}

/**
 * The lease lifecycle in Alice's last building (her work orders are in her first): one lease
 * ends in 45 days with nobody having renewed it (Ending soon, on the dashboard), and another
 * ends in 20 days with its renewal signed (an Upcoming lease, 3% dearer, deposit carried over).
 */
async function seedLeaseStory(db: Database, landlordId: number, today: Date) {
  const leases = await withPropertyOfLease(
    db.select({ lease: leasesTable }).from(leasesTable).$dynamic(),
  )
    .where(and(eq(propertiesTable.userId, landlordId), eq(leasesTable.status, 'Active')))
    .orderBy(desc(leasesTable.id))
    .limit(2);
  const [endingSoon, renewed] = leases.map((row) => row.lease);
  if (!endingSoon || !renewed) return;
  const endingOn = (days: number) => {
    const end = addDays(today, days);
    return { startDate: isoDate(addDays(addMonths(end, -12), 1)), endDate: isoDate(end) };
  };
  await db.update(leasesTable).set(endingOn(45)).where(eq(leasesTable.id, endingSoon.id));
  const renewedDates = endingOn(20);
  await db.update(leasesTable).set(renewedDates).where(eq(leasesTable.id, renewed.id));
  const renewalStart = addDays(new Date(`${renewedDates.endDate}T00:00:00Z`), 1);
  await db.insert(leasesTable).values({
    tenantId: renewed.tenantId,
    unitId: renewed.unitId,
    unitNumber: renewed.unitNumber,
    firstName: renewed.firstName,
    lastName: renewed.lastName,
    startDate: isoDate(renewalStart),
    endDate: isoDate(addDays(addMonths(renewalStart, 12), -1)),
    rent: toCents(Math.round((renewed.rent * 1.03) / 500) * 5),
    deposit: renewed.deposit,
    status: 'Active',
    renewedFromId: renewed.id,
  });
}

/**
 * Alice's maintenance: an overdue emergency, open requests, work in hand and finished work
 * with its hours and cost, so every state of the work-order screens has something to show.
 */
async function seedWorkOrders(db: Database, landlordId: number, workerId: number, today: Date) {
  const units = await db
    .select({ id: unitsTable.id })
    .from(unitsTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(eq(propertiesTable.userId, landlordId))
    .orderBy(unitsTable.id)
    .limit(6);
  const [staff] = await db
    .select({ id: staffTable.id })
    .from(staffTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, staffTable.propertyId))
    .where(eq(propertiesTable.userId, landlordId))
    .orderBy(staffTable.id)
    .limit(1);
  const hoursAgo = (hours: number) => new Date(today.getTime() - hours * 3_600_000);
  const orders = [
    {
      title: 'Water leaking through the ceiling',
      category: 'Plumbing',
      priority: 'Emergency',
      status: 'New',
      filed: 6,
    },
    {
      title: 'Dishwasher does not drain',
      category: 'Appliance',
      priority: 'Routine',
      status: 'New',
      filed: 2,
    },
    {
      title: 'Heating makes a banging noise',
      category: 'Heating/Cooling',
      priority: 'Urgent',
      status: 'Assigned',
      filed: 20,
    },
    {
      title: 'Bathroom outlet has no power',
      category: 'Electrical',
      priority: 'Urgent',
      status: 'In progress',
      filed: 30,
    },
    {
      title: 'Mice in the kitchen cupboards',
      category: 'Pest',
      priority: 'Routine',
      status: 'Done',
      filed: 200,
    },
    {
      title: 'Front door lock sticks',
      category: 'Other',
      priority: 'Routine',
      status: 'Closed',
      filed: 400,
    },
  ] as const;
  for (const [index, order] of orders.entries()) {
    const unit = units[index % units.length];
    if (!unit) return;
    const assigned = order.status !== 'New' && staff;
    const [row] = await db
      .insert(workOrdersTable)
      .values({
        unitId: unit.id,
        filedBy: landlordId,
        title: order.title,
        category: order.category,
        priority: order.priority,
        status: order.status,
        entryPermission: index % 2 === 0,
        assignedStaffId: assigned ? staff.id : null,
        scheduledFor: assigned ? isoDate(addDays(today, 2)) : null,
        filedAt: hoursAgo(order.filed),
        acknowledgedAt: assigned ? hoursAgo(order.filed - 1) : null,
      })
      .returning({ id: workOrdersTable.id });
    if (order.status === 'Done' || order.status === 'Closed' || order.status === 'In progress') {
      await db.insert(workOrderNotesTable).values({
        workOrderId: row!.id,
        authorId: workerId,
        body: order.status === 'In progress' ? 'Ordered a replacement part' : 'Fixed and tested',
        visibility: 'tenant',
        labourHours: order.status === 'In progress' ? 0.5 : 2.25,
        cost: toCents(order.status === 'In progress' ? 18.4 : 95.5),
      });
    }
  }
}

/**
 * After a bulk load the planner's statistics describe the empty tables, and the embedded
 * database has no autovacuum to refresh them: without this, plans start from the wrong
 * table (a scan of every lease instead of one landlord's properties).
 */
export async function refreshStatistics(db: Database): Promise<void> {
  await db.execute(sql`analyze`);
}
