import { sql, type SQL } from 'drizzle-orm';
import type { DashboardSection } from '../../../shared/schemas/dashboard';

/**
 * The whole dashboard answer as ONE SQL statement that builds its JSON inside the database:
 * no per-row mapping or validation in the server, which dominated the cost of large
 * answers. Every part starts from the caller's properties (`p`, by the index on user_id),
 * then their units, tenants, leases and applications by their foreign-key indexes, so a
 * landlord's answer never reads another landlord's rows and costs what their portfolio
 * holds, however large the others grow. Each step hands the next the ids it found
 * (`= ANY (ARRAY(...))`, one index scan each): the planner would otherwise hash-join whole
 * tables once a portfolio is a tenth of them. Materialized CTEs fix that order; a CTE is computed only
 * when a requested part reads it.
 *
 * The answer's shape is dashboardResponseSchema's (shared/schemas/dashboard.ts); the tests
 * check every part against it.
 */

export interface DashboardStatementOptions {
  /** The landlord whose portfolio it is; undefined: every property (an Admin). */
  ownerId: number | undefined;
  propertyId: number | undefined;
  sections: readonly DashboardSection[];
  today: string;
  /** The last day counted as 'ending soon'. */
  until: string;
  endingSoonLimit: number;
  /** The revision the caller already holds: the answer's body is then not built. */
  knownRevision: number | undefined;
}

const unitJson = sql`json_build_object('id', u.id, 'unitNumber', u.unit_number,
  'propertyId', u.property_id, 'description', u.description, 'imageUrl', u.image_url,
  'bedrooms', u.bedrooms, 'bathrooms', u.bathrooms, 'squareFeet', u.square_feet,
  'rent', u.rent, 'status', u.status)`;

const leaseFields = sql`'id', c.id, 'tenantId', c.tenant_id, 'unitId', c.unit_id,
  'propertyId', c.property_id, 'unitNumber', c.unit_number, 'status', c.status,
  'startDate', c.start_date, 'endDate', c.end_date, 'rent', c.rent, 'deposit', c.deposit,
  'tenantFirstName', c.first_name, 'tenantLastName', c.last_name,
  'tenantEmail', c.email, 'tenantPhone', c.phone_number`;

const parts: Record<DashboardSection, (o: DashboardStatementOptions) => SQL> = {
  summary: () => sql`(
    SELECT json_build_object(
      'totalProperties', (SELECT count(*) FROM p),
      'totalUnits', us.total, 'occupiedUnits', us.occupied, 'availableUnits', us.available,
      'activeLeases', cs.n, 'totalMonthlyRent', cs.rent,
      'pendingApplications', (
        SELECT count(*) FROM rental_applications a
        WHERE a.unit_id = ANY (ARRAY(SELECT id FROM u)) AND a.status = 'Pending'))
    FROM (SELECT count(*) AS total,
                 count(*) FILTER (WHERE lower(u.status) = 'rented') AS occupied,
                 count(*) FILTER (WHERE u.status = 'Available') AS available
          FROM u) us,
         (SELECT count(*) AS n, coalesce(sum(c.rent), 0) AS rent FROM cur c) cs)`,
  properties: () => sql`(
    SELECT coalesce(json_agg(json_build_object('id', p.id, 'userId', p.user_id,
      'name', p.name, 'description', p.description, 'address', p.address, 'city', p.city,
      'state', p.state, 'zipCode', p.zip_code, 'imageUrl', p.image_url,
      'unitCount', coalesce(us.n, 0), 'occupiedCount', coalesce(us.occupied, 0),
      'availableCount', coalesce(us.available, 0), 'activeLeaseCount', coalesce(cs.n, 0),
      'monthlyRent', coalesce(cs.rent, 0)) ORDER BY p.name, p.id), '[]')
    FROM p
    LEFT JOIN (SELECT u.property_id, count(*) AS n,
                      count(*) FILTER (WHERE lower(u.status) = 'rented') AS occupied,
                      count(*) FILTER (WHERE u.status = 'Available') AS available
               FROM u GROUP BY u.property_id) us ON us.property_id = p.id
    LEFT JOIN (SELECT c.property_id, count(*) AS n, sum(c.rent) AS rent
               FROM cur c GROUP BY c.property_id) cs ON cs.property_id = p.id)`,
  units: () => sql`(
    SELECT coalesce(json_agg(${unitJson} ORDER BY u.property_id, u.unit_number, u.id), '[]')
    FROM u)`,
  leases: () => sql`(
    SELECT coalesce(json_agg(json_build_object(${leaseFields})
      ORDER BY c.property_id, c.unit_id, c.start_date DESC, c.id), '[]')
    FROM cur c)`,
  owners: () => sql`(
    SELECT coalesce(json_agg(json_build_object('propertyId', p.id,
      'firstName', coalesce(s.first_name, o.user_name), 'lastName', coalesce(s.last_name, ''),
      'email', CASE WHEN s.id IS NULL THEN o.email ELSE s.email END,
      'phone', CASE WHEN s.id IS NULL THEN o.phone ELSE s.phone END) ORDER BY p.id), '[]')
    FROM p
    JOIN users o ON o.id = p.user_id
    LEFT JOIN LATERAL (
      SELECT staff.id, staff.first_name, staff.last_name, staff.email, staff.phone
      FROM staff WHERE staff.property_id = p.id AND lower(trim(staff.position)) = 'owner'
      ORDER BY staff.id LIMIT 1) s ON true)`,
  leasesEndingSoon: (o) => sql`(
    SELECT json_build_object(
      'total', (SELECT count(*) FROM ending),
      'leases', coalesce(json_agg(json_build_object(${leaseFields},
        'propertyName', c.property_name) ORDER BY c.end_date, c.id), '[]'))
    FROM (SELECT * FROM ending ORDER BY end_date, id LIMIT ${o.endingSoonLimit}) c)`,
};

/**
 * One row: `revision` (the portfolio's, as text; null for an Admin), `found` (false when
 * propertyId is not among the caller's properties) and `body` (the JSON answer as text;
 * null when the caller already holds this revision, or nothing was found).
 */
export function dashboardStatement(o: DashboardStatementOptions): SQL {
  const scope = o.ownerId === undefined ? sql`true` : sql`properties.user_id = ${o.ownerId}`;
  const oneProperty = o.propertyId === undefined ? sql`true` : sql`properties.id = ${o.propertyId}`;
  const revision =
    o.ownerId === undefined
      ? sql`NULL::bigint`
      : sql`coalesce((SELECT revision FROM portfolio_revisions WHERE user_id = ${o.ownerId}), 0)`;
  const known =
    o.knownRevision === undefined || o.ownerId === undefined
      ? sql`false`
      : sql`rev.revision = ${o.knownRevision}::bigint`;
  const fields = [sql`'today', ${o.today}::text`];
  for (const section of o.sections) fields.push(sql`${section}::text, ${parts[section](o)}`);
  return sql`
    WITH p AS MATERIALIZED (SELECT * FROM properties WHERE ${scope} AND ${oneProperty}),
    u AS MATERIALIZED (SELECT * FROM units WHERE property_id = ANY (ARRAY(SELECT id FROM p))),
    t AS MATERIALIZED (SELECT * FROM tenants WHERE unit_id = ANY (ARRAY(SELECT id FROM u))),
    cur AS MATERIALIZED (
      SELECT l.id, l.tenant_id, t.unit_id, u.property_id, u.unit_number, l.status,
             l.start_date, l.end_date, l.rent, l.deposit, t.first_name, t.last_name,
             t.email, t.phone_number
      FROM leases l
      JOIN t ON t.id = l.tenant_id
      JOIN u ON u.id = t.unit_id
      WHERE l.tenant_id = ANY (ARRAY(SELECT id FROM t))
        AND l.status = 'Active' AND l.end_date >= ${o.today}::date),
    ending AS MATERIALIZED (
      SELECT c.*, p.name AS property_name FROM cur c JOIN p ON p.id = c.property_id
      WHERE c.end_date <= ${o.until}::date),
    rev AS (SELECT ${revision} AS revision)
    SELECT rev.revision::text AS revision,
           ${o.propertyId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM p)`} AS found,
           CASE WHEN ${known} ${o.propertyId === undefined ? sql`` : sql`OR NOT EXISTS (SELECT 1 FROM p)`}
                THEN NULL
                ELSE json_build_object(${sql.join(fields, sql`, `)})::text
           END AS body
    FROM rev`;
}
