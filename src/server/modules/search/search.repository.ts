import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { SearchResult } from '../../../shared/schemas/search';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
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

/** A column under the name its kind's row reads it by (the key of the row's JSON object). */
const as = (column: SQLWrapper, name: string) => sql`${column}`.as(name);

/**
 * One kind's search: its statement (the kind's matches, in answer order, at most the limit)
 * and what each row of it, read as JSON, shows in the palette.
 */
interface KindSearch<Row extends z.ZodType> {
  query: (db: Database, o: SearchOptions) => SQLWrapper;
  row: Row;
  result: (row: z.output<Row>) => SearchResult;
}

/** The kind's statement, and the reading of its rows (a JSON array) as results. */
function kindSearch<Row extends z.ZodType>({ query, row, result }: KindSearch<Row>) {
  const rows = z.array(row);
  return { query, read: (found: unknown) => rows.parse(found).map(result) };
}

const properties = kindSearch({
  query: (db, o) =>
    db
      .select({
        id: as(p.id, 'id'),
        name: as(p.name, 'name'),
        address: as(p.address, 'address'),
        city: as(p.city, 'city'),
        state: as(p.state, 'state'),
        zip: as(p.zipCode, 'zip'),
      })
      .from(p)
      .where(and(o.scope, contains(propertyText, o.q)))
      .orderBy(asc(sql`lower(${p.name})`), asc(p.id))
      .limit(o.limit),
  row: z.object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  result: (row) => ({
    kind: 'property',
    id: row.id,
    label: row.name,
    description: `${row.address}, ${row.city}, ${row.state} ${row.zip}`,
    link: `/properties/${row.id}`,
  }),
});

const units = kindSearch({
  query: (db, o) =>
    withPropertyOfUnit(
      db
        .select({
          id: as(unitsTable.id, 'id'),
          unitNumber: as(unitsTable.unitNumber, 'unitNumber'),
          status: as(unitsTable.status, 'status'),
          propertyName: as(p.name, 'propertyName'),
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
      .limit(o.limit),
  row: z.object({
    id: z.number(),
    unitNumber: z.string(),
    status: z.string(),
    propertyName: z.string(),
  }),
  result: (row) => ({
    kind: 'unit',
    id: row.id,
    label: `Unit ${row.unitNumber}`,
    description: `${row.propertyName} · ${row.status}`,
    link: `/units/${row.id}`,
  }),
});

const tenants = kindSearch({
  query: (db, o) =>
    withPropertyOfTenant(
      db
        .select({
          id: as(t.id, 'id'),
          firstName: as(t.firstName, 'firstName'),
          lastName: as(t.lastName, 'lastName'),
          email: as(t.email, 'email'),
          movedOutOn: as(t.movedOutOn, 'movedOutOn'),
          unitNumber: as(unitsTable.unitNumber, 'unitNumber'),
          propertyName: as(p.name, 'propertyName'),
        })
        .from(t)
        .$dynamic(),
    )
      .where(and(o.scope, contains(tenantText, o.q)))
      .orderBy(asc(sql`lower(${t.lastName} || ' ' || ${t.firstName})`), asc(t.id))
      .limit(o.limit),
  row: z.object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    movedOutOn: z.string().nullable(),
    unitNumber: z.string(),
    propertyName: z.string(),
  }),
  result: (row) => ({
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
  }),
});

const leases = kindSearch({
  query: (db, o) =>
    withPropertyOfLease(
      db
        .select({
          id: as(l.id, 'id'),
          firstName: as(l.firstName, 'firstName'),
          lastName: as(l.lastName, 'lastName'),
          startDate: as(l.startDate, 'startDate'),
          endDate: as(l.endDate, 'endDate'),
          state: as(leaseStateOn(l, o.today), 'state'),
          unitNumber: as(unitsTable.unitNumber, 'unitNumber'),
          propertyName: as(p.name, 'propertyName'),
        })
        .from(l)
        .$dynamic(),
    )
      .where(and(o.scope, contains(leaseText, o.q)))
      .orderBy(sql`${l.startDate} desc`, asc(l.id))
      .limit(o.limit),
  row: z.object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    state: z.string(),
    unitNumber: z.string(),
    propertyName: z.string(),
  }),
  result: (row) => ({
    kind: 'lease',
    id: row.id,
    label: `Lease of ${row.firstName} ${row.lastName}`,
    description: `${unitAt(row.unitNumber, row.propertyName)} · ${row.startDate} to ${row.endDate} · ${LEASE_STATE_LABELS[row.state as LeaseState]}`,
    link: `/lease/${row.id}`,
  }),
});

const workOrders = kindSearch({
  query: (db, o) =>
    withPropertyOfUnit(
      db
        .select({
          id: as(w.id, 'id'),
          title: as(w.title, 'title'),
          status: as(w.status, 'status'),
          unitNumber: as(unitsTable.unitNumber, 'unitNumber'),
          propertyName: as(p.name, 'propertyName'),
        })
        .from(w)
        .innerJoin(unitsTable, eq(unitsTable.id, w.unitId))
        .$dynamic(),
    )
      .where(and(o.scope, contains(workOrderText, o.q)))
      .orderBy(sql`${w.filedAt} desc`, asc(w.id))
      .limit(o.limit),
  row: z.object({
    id: z.number(),
    title: z.string(),
    status: z.string(),
    unitNumber: z.string(),
    propertyName: z.string(),
  }),
  result: (row) => ({
    kind: 'workOrder',
    id: row.id,
    label: row.title,
    description: `${unitAt(row.unitNumber, row.propertyName)} · ${row.status}`,
    link: `/work-orders/${row.id}`,
  }),
});

/** The kinds, in the palette's order. */
const KINDS = [properties, units, tenants, leases, workOrders] as const;

/**
 * Each kind's matches, in the palette's order, in one statement: each kind's rows as one JSON
 * array (its statement as a subquery, so its order and limit are its own; an aggregate over a
 * sorted subquery takes its rows in that order). The embedded database answers one statement
 * at a time, and most of a search's time there was the five statements' own cost, not their
 * work: one statement lets four people search at once (decision 0032).
 */
export async function searchEverything(
  db: Database,
  options: SearchOptions,
): Promise<SearchResult[][]> {
  const columns = KINDS.map(
    (kind, i) =>
      sql`(SELECT coalesce(json_agg(found), '[]'::json) FROM (${kind.query(db, options)}) found) AS ${sql.identifier(`k${i}`)}`,
  );
  const [row] = await readRows(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)}`,
    z.record(z.string(), z.unknown()),
  );
  return KINDS.map((kind, i) => kind.read(row![`k${i}`]));
}
