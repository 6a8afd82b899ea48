import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SearchResult } from '../../../shared/schemas/search';
import type { Database } from '../../db/client';
import {
  withPropertyOfTenant,
  withPropertyOfUnit,
  leaseStateOn,
  withPropertyOfLease,
} from '../tenancy';
import { LEASE_STATE_LABELS, type LeaseState } from '../../../shared/lease-state';
import { leasesTable } from '../leases';
import { containsPattern, propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { workOrdersTable } from '../work-orders';
import { unitNumberOrder } from '../../db/unit-order';

/*
 * Each kind's text, lowered, is exactly the expression a trigram index is built on, and
 * each kind's order has a btree index (migration 0023_search_speed). LIKE on the lowered
 * text is ILIKE's test (which lowers both sides) without lowering every row again: the
 * planner reads the trigram index for a rare text, and for a common one walks the kind in
 * answer order and stops at the limit, instead of joining and sorting every match.
 */
const p = propertiesTable;
const propertyText = sql`lower(${p.name} || ' ' || ${p.address} || ' ' || ${p.city} || ' ' || ${p.state} || ' ' || ${p.zipCode})`;
const u = unitsTable;
const unitText = sql`lower(${u.unitNumber})`;
const t = tenantsTable;
const tenantText = sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.phoneNumber})`;
const l = leasesTable;
const leaseText = sql`lower(${l.firstName} || ' ' || ${l.lastName} || ' ' || ${l.unitNumber})`;
const w = workOrdersTable;
const workOrderText = sql`lower(${w.title})`;

/** The text contains q, without regard to case, with q's % _ \ taken literally. */
const contains = (text: SQL, q: string) => sql`${text} like lower(${containsPattern(q)})`;

export interface SearchOptions {
  /** Which properties the caller manages (undefined: all). */
  scope: SQL | undefined;
  q: string;
  /** The most results of each kind. */
  limit: number;
  /** The landlord's calendar day, which a lease's state follows. */
  today: string;
}

const unitAt = (unitNumber: string, propertyName: string) => `Unit ${unitNumber}, ${propertyName}`;

async function searchProperties(db: Database, o: SearchOptions): Promise<SearchResult[]> {
  const rows = await db
    .select({
      id: p.id,
      name: p.name,
      address: p.address,
      city: p.city,
      state: p.state,
      zip: p.zipCode,
    })
    .from(p)
    .where(and(o.scope, contains(propertyText, o.q)))
    .orderBy(asc(sql`lower(${p.name})`), asc(p.id))
    .limit(o.limit);
  return rows.map((row) => ({
    kind: 'property',
    id: row.id,
    label: row.name,
    description: `${row.address}, ${row.city}, ${row.state} ${row.zip}`,
    link: `/properties/${row.id}`,
  }));
}

async function searchUnits(db: Database, o: SearchOptions): Promise<SearchResult[]> {
  const rows = await withPropertyOfUnit(
    db
      .select({
        id: unitsTable.id,
        unitNumber: unitsTable.unitNumber,
        status: unitsTable.status,
        propertyName: p.name,
      })
      .from(unitsTable)
      .$dynamic(),
  )
    .where(and(o.scope, contains(unitText, o.q)))
    .orderBy(
      asc(unitNumberOrder(unitsTable.unitNumber)),
      asc(sql`lower(${p.name})`),
      asc(unitsTable.id),
    )
    .limit(o.limit);
  return rows.map((row) => ({
    kind: 'unit',
    id: row.id,
    label: `Unit ${row.unitNumber}`,
    description: `${row.propertyName} · ${row.status}`,
    link: `/units/${row.id}`,
  }));
}

async function searchTenants(db: Database, o: SearchOptions): Promise<SearchResult[]> {
  const rows = await withPropertyOfTenant(
    db
      .select({
        id: t.id,
        firstName: t.firstName,
        lastName: t.lastName,
        email: t.email,
        movedOutOn: t.movedOutOn,
        unitNumber: unitsTable.unitNumber,
        propertyName: p.name,
      })
      .from(t)
      .$dynamic(),
  )
    .where(and(o.scope, contains(tenantText, o.q)))
    .orderBy(asc(sql`lower(${t.lastName} || ' ' || ${t.firstName})`), asc(t.id))
    .limit(o.limit);
  return rows.map((row) => ({
    kind: 'tenant',
    id: row.id,
    label: `${row.firstName} ${row.lastName}`,
    description: [
      unitAt(row.unitNumber, row.propertyName),
      row.email,
      row.movedOutOn ? `moved out ${row.movedOutOn}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    link: `/tenants/${row.id}`,
  }));
}

async function searchLeases(db: Database, o: SearchOptions): Promise<SearchResult[]> {
  const rows = await withPropertyOfLease(
    db
      .select({
        id: l.id,
        firstName: l.firstName,
        lastName: l.lastName,
        startDate: l.startDate,
        endDate: l.endDate,
        state: leaseStateOn(l, o.today),
        unitNumber: unitsTable.unitNumber,
        propertyName: p.name,
      })
      .from(l)
      .$dynamic(),
  )
    .where(and(o.scope, contains(leaseText, o.q)))
    .orderBy(sql`${l.startDate} desc`, asc(l.id))
    .limit(o.limit);
  return rows.map((row) => ({
    kind: 'lease',
    id: row.id,
    label: `Lease of ${row.firstName} ${row.lastName}`,
    description: `${unitAt(row.unitNumber, row.propertyName)} · ${row.startDate} to ${row.endDate} · ${LEASE_STATE_LABELS[row.state as LeaseState]}`,
    link: `/lease/${row.id}`,
  }));
}

async function searchWorkOrders(db: Database, o: SearchOptions): Promise<SearchResult[]> {
  const rows = await withPropertyOfUnit(
    db
      .select({
        id: w.id,
        title: w.title,
        status: w.status,
        unitNumber: unitsTable.unitNumber,
        propertyName: p.name,
      })
      .from(w)
      .innerJoin(unitsTable, eq(unitsTable.id, w.unitId))
      .$dynamic(),
  )
    .where(and(o.scope, contains(workOrderText, o.q)))
    .orderBy(sql`${w.filedAt} desc`, asc(w.id))
    .limit(o.limit);
  return rows.map((row) => ({
    kind: 'workOrder',
    id: row.id,
    label: row.title,
    description: `${unitAt(row.unitNumber, row.propertyName)} · ${row.status}`,
    link: `/work-orders/${row.id}`,
  }));
}

/** Each kind's matches, in the palette's order. Sequential: PGlite runs one query at a time. */
export async function searchEverything(
  db: Database,
  options: SearchOptions,
): Promise<SearchResult[][]> {
  const searches = [searchProperties, searchUnits, searchTenants, searchLeases, searchWorkOrders];
  const found: SearchResult[][] = [];
  for (const search of searches) found.push(await search(db, options));
  return found;
}
