import { inOrganisationSql, propertiesInScopeSql, type Scope } from '../../scope';
import { sql, type SQL } from 'drizzle-orm';
import { TOP_PROPERTIES_BY_RENT, type DashboardSection } from '../../../shared/schemas/dashboard';
import { unitNumberOrder } from '../../db/unit-order';
import { leaseAs, leaseInEffectOn, leaseLastDay } from '../tenancy';

/** The leases table as the statement names it. */
const l = leaseAs('l');

/**
 * The whole dashboard answer as ONE SQL statement that builds its JSON inside the database:
 * no per-row mapping or validation in the server, which dominated the cost of large
 * answers. Every part starts from the caller's properties (`p`, by the index on user_id);
 * their units, then the units' tenants and leases, are joined to it from the base tables, so
 * the planner sees each table's statistics and sizes every step close to what it finds: a
 * portfolio that is a small share of the tables walks the foreign-key indexes (LATERAL, see
 * INDEX_WALK_DIVISOR) and one that mostly fills them is hash-joined. (Handing each step the previous step's ids as an array
 * hid the sizes: the planner guessed ten rows for thousands and joined two such guesses by
 * comparing every pair, seconds at 10,000 units; dashboard.scope.test.ts guards against it.)
 * Each table is read once: `u` carries what later steps need of a unit and its property.
 * Materialized CTEs are computed once, and only when a requested part reads them.
 *
 * The answer's shape is dashboardResponseSchema's (shared/schemas/dashboard.ts); the tests
 * check every part against it.
 */

export interface DashboardStatementOptions {
  /** Whose portfolio it is (scopeFor): every property for an Admin, else an organisation's. */
  scope: Scope;
  propertyId: number | undefined;
  sections: readonly DashboardSection[];
  today: string;
  /** The last day counted as 'ending soon'. */
  until: string;
  endingSoonLimit: number;
  /** A page of property cards: at most this many (undefined: every card), after skipping some. */
  propertyLimit: number | undefined;
  propertyOffset: number;
  /** The revision the caller already holds: the answer's body is then not built. */
  knownRevision: number | undefined;
  /** Read units, tenants and leases unit by unit through the indexes (see walksIndexes). */
  walkIndexes: boolean;
}

/**
 * A portfolio with fewer than 1/INDEX_WALK_DIVISOR of all properties (the planner's own
 * count, from the last ANALYZE) reads its units, tenants and leases unit by unit through the
 * foreign-key indexes; a larger one hash-joins whole tables. The planner alone would not
 * choose so: for a landlord with a tenth of the units it prices a thousand index probes above
 * scanning every landlord's units and tenants, so her cost grew with her neighbours'
 * (x1.2-1.4). Walking costs about three times a hash join per row (measured at 10,000
 * units), so it pays below a third of the tables; a quarter leaves a margin. Each walked step
 * is a LATERAL subquery with OFFSET 0, which the planner cannot fold back into a join that it
 * would hash: it runs once per property or unit, by the index on its parent's id.
 */
const INDEX_WALK_DIVISOR = 4;

/**
 * One row, `walk`: whether the dashboard statement should walk the indexes. Asked apart, so
 * that the database plans only the statement that runs: with both in one statement behind a
 * one-time condition, the unused walk of a large portfolio still priced the plan above the
 * JIT threshold, and compiling it cost more than the answer (50 ms).
 */
export function walksIndexesStatement(scope: Scope, propertyId: number | undefined): SQL {
  const oneProperty = propertyId === undefined ? sql`true` : sql`p.id = ${propertyId}`;
  return sql`
    SELECT (SELECT count(*) FROM properties p
            WHERE ${propertiesInScopeSql(scope, 'p')} AND ${oneProperty})
             * ${INDEX_WALK_DIVISOR}
           < (SELECT reltuples FROM pg_class WHERE oid = 'properties'::regclass) AS walk`;
}

// Each list is json_agg over rows whose columns carry the answer's names: the database
// converts such a row to JSON a quarter faster than json_build_object does with pairs of
// arguments, and writes it without spaces (an eighth fewer bytes on the wire).

const unitRows = sql`SELECT u.id, u.unit_number AS "unitNumber", u.property_id AS "propertyId",
  u.description, u.image_url AS "imageUrl", u.bedrooms, u.bathrooms,
  u.square_feet AS "squareFeet", u.rent, u.status FROM u`;

/** A current lease (`c`, a row of `cur`) as the answer shows it. */
const leaseColumns = sql`c.id, c.tenant_id AS "tenantId", c.unit_id AS "unitId",
  c.property_id AS "propertyId", c.unit_number AS "unitNumber", c.status,
  c.start_date AS "startDate", c.end_date AS "endDate", c.rent, c.deposit,
  c.first_name AS "tenantFirstName", c.last_name AS "tenantLastName",
  c.email AS "tenantEmail", c.phone_number AS "tenantPhone"`;

/** A property card per row of `source` (rows of p), with its counts and current rent. */
const cardRows = (source: SQL) => sql`
  SELECT p.id, p.user_id AS "userId", p.name, p.description, p.address, p.city,
         p.state, p.zip_code AS "zipCode", p.image_url AS "imageUrl",
         coalesce(us.n, 0) AS "unitCount", coalesce(us.occupied, 0) AS "occupiedCount",
         coalesce(us.available, 0) AS "availableCount",
         coalesce(cs.n, 0) AS "activeLeaseCount", coalesce(cs.rent, 0) AS "monthlyRent"
  FROM ${source}
  LEFT JOIN unit_counts us ON us.property_id = p.id
  LEFT JOIN (SELECT c.property_id, count(*) AS n, sum(c.rent) AS rent
             FROM cur c GROUP BY c.property_id) cs ON cs.property_id = p.id`;

const parts: Record<DashboardSection, (o: DashboardStatementOptions) => SQL> = {
  summary: (o) => sql`(
    SELECT json_build_object(
      'totalProperties', (SELECT count(*) FROM p),
      'totalUnits', coalesce(sum(us.n), 0), 'occupiedUnits', coalesce(sum(us.occupied), 0),
      'availableUnits', coalesce(sum(us.available), 0),
      'activeLeases', (SELECT count(*) FROM cur),
      'totalMonthlyRent', (SELECT coalesce(sum(rent), 0) FROM cur),
      'pendingApplications', (
        SELECT count(*) FROM ${
          o.walkIndexes
            ? sql`u CROSS JOIN LATERAL (
                SELECT a.status FROM rental_applications a
                WHERE a.unit_id = u.id AND ${inOrganisationSql(o.scope, 'a')} OFFSET 0) a`
            : sql`rental_applications a
                JOIN u ON u.id = a.unit_id AND ${inOrganisationSql(o.scope, 'a')}`
        }
        WHERE a.status = 'Pending'))
    FROM unit_counts us)`,
  properties: (o) => sql`(
    SELECT coalesce(json_agg(x ORDER BY x.name, x.id), '[]')
    FROM (${cardRows(sql`(
      SELECT * FROM p ORDER BY p.name, p.id
      ${o.propertyLimit === undefined ? sql`` : sql`LIMIT ${o.propertyLimit}`}
      OFFSET ${o.propertyOffset}) p`)}) x)`,
  topPropertiesByRent: () => sql`(
    SELECT coalesce(json_agg(x ORDER BY x."monthlyRent" DESC, x.name, x.id), '[]')
    FROM (SELECT * FROM (${cardRows(sql`p`)}) cards
          ORDER BY "monthlyRent" DESC, name, id LIMIT ${TOP_PROPERTIES_BY_RENT}) x)`,
  units: () => sql`(
    SELECT coalesce(json_agg(x ORDER BY x."propertyId", ${unitNumberOrder(sql`x."unitNumber"`)}, x.id), '[]')
    FROM (${unitRows}) x)`,
  leases: () => sql`(
    SELECT coalesce(json_agg(x ORDER BY x."propertyId", x."unitId", x."startDate" DESC, x.id),
                    '[]')
    FROM (SELECT ${leaseColumns} FROM cur c) x)`,
  owners: () => sql`(
    SELECT coalesce(json_agg(x ORDER BY x."propertyId"), '[]')
    FROM (SELECT p.id AS "propertyId", coalesce(s.first_name, o.user_name) AS "firstName",
                 coalesce(s.last_name, '') AS "lastName",
                 CASE WHEN s.id IS NULL THEN o.email ELSE s.email END AS email,
                 CASE WHEN s.id IS NULL THEN o.phone ELSE s.phone END AS phone
          FROM p
          JOIN users o ON o.id = p.user_id
          LEFT JOIN LATERAL (
            SELECT staff.id, staff.first_name, staff.last_name, staff.email, staff.phone
            FROM staff WHERE staff.property_id = p.id AND lower(trim(staff.position)) = 'owner'
            ORDER BY staff.id LIMIT 1) s ON true) x)`,
  leasesEndingSoon: (o) => sql`(
    SELECT json_build_object(
      'total', (SELECT count(*) FROM ending),
      'leases', coalesce(json_agg(x ORDER BY x."endDate", x.id), '[]'))
    FROM (SELECT ${leaseColumns}, c.property_name AS "propertyName"
          FROM (SELECT * FROM ending ORDER BY last_day, id LIMIT ${o.endingSoonLimit}) c) x)`,
};

/**
 * One row: `revision` (the portfolio's, as text; null for an Admin), `found` (false when
 * propertyId is not among the caller's properties) and `body` (the JSON answer as text;
 * null when the caller already holds this revision, or nothing was found).
 */
export function dashboardStatement(o: DashboardStatementOptions): SQL {
  const scope = propertiesInScopeSql(o.scope, 'properties');
  const oneProperty = o.propertyId === undefined ? sql`true` : sql`properties.id = ${o.propertyId}`;
  const organisationId = o.scope.kind === 'organisation' ? o.scope.organisationId : undefined;
  const revision =
    organisationId === undefined
      ? sql`NULL::bigint`
      : sql`coalesce((SELECT revision FROM portfolio_revisions WHERE organisation_id = ${organisationId}), 0)`;
  const known =
    o.knownRevision === undefined || organisationId === undefined
      ? sql`false`
      : sql`rev.revision = ${o.knownRevision}::bigint`;
  // Only the units part shows a unit's every column; the other parts need these.
  const unitColumns = o.sections.includes('units')
    ? sql`units.*`
    : sql`units.id, units.property_id, units.unit_number, units.status`;
  const fields = [sql`'today', ${o.today}::text`];
  for (const section of o.sections) fields.push(sql`${section}::text, ${parts[section](o)}`);
  return sql`
    WITH p AS MATERIALIZED (SELECT * FROM properties WHERE ${scope} AND ${oneProperty}),
    u AS MATERIALIZED (
      SELECT ${unitColumns}, p.name AS property_name
      FROM ${
        o.walkIndexes
          ? sql`p CROSS JOIN LATERAL (
              SELECT * FROM units
              WHERE units.property_id = p.id AND ${inOrganisationSql(o.scope, 'units')}
              OFFSET 0) units`
          : sql`p JOIN units ON units.property_id = p.id
              AND ${inOrganisationSql(o.scope, 'units')}`
      }),
    unit_counts AS MATERIALIZED (
      SELECT u.property_id, count(*) AS n,
             count(*) FILTER (WHERE lower(u.status) = 'rented') AS occupied,
             count(*) FILTER (WHERE u.status = 'Available') AS available
      FROM u GROUP BY u.property_id),
    cur AS MATERIALIZED (
      SELECT l.id, l.tenant_id, l.unit_id, u.property_id, u.unit_number, l.status,
             l.start_date, l.end_date, ${leaseLastDay(l)} AS last_day, l.rent, l.deposit,
             t.first_name, t.last_name, t.email, t.phone_number, u.property_name
      FROM ${
        o.walkIndexes
          ? sql`u CROSS JOIN LATERAL (
              SELECT l.* FROM leases l
              WHERE l.unit_id = u.id AND ${inOrganisationSql(o.scope, 'l')} OFFSET 0) l
              JOIN tenants t ON t.id = l.tenant_id AND ${inOrganisationSql(o.scope, 't')}`
          : // The organisation's tenants hashed whole (OFFSET 0): with each table's own
            // condition the planner takes the organisation's share of units, leases and
            // tenants as independent, guesses a few hundred current leases for thousands and
            // would look their tenants up one by one (15% slower at 10,000 units).
            sql`u JOIN leases l ON l.unit_id = u.id AND ${inOrganisationSql(o.scope, 'l')}
              JOIN (SELECT * FROM tenants t WHERE ${inOrganisationSql(o.scope, 't')} OFFSET 0) t
                ON t.id = l.tenant_id`
      }
      WHERE ${leaseInEffectOn(l, o.today)}),
    ending AS MATERIALIZED (SELECT * FROM cur WHERE last_day <= ${o.until}::date),
    rev AS (SELECT ${revision} AS revision)
    SELECT rev.revision::text AS revision,
           ${o.propertyId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM p)`} AS found,
           CASE WHEN ${known} ${o.propertyId === undefined ? sql`` : sql`OR NOT EXISTS (SELECT 1 FROM p)`}
                THEN NULL
                ELSE json_build_object(${sql.join(fields, sql`, `)})::text
           END AS body
    FROM rev`;
}
