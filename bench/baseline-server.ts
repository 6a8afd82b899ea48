// The floor the app is measured against: bare node:http, no framework, no ORM, no
// validation; the session lookup and ONE SQL statement that builds the whole dashboard
// JSON inside the database. Started by bench/run.ts with PORT and DATA_DIR or DATABASE_URL.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createPGlite } from '../src/server/db/pglite';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3399);
const TIME_ZONE = process.env.TIME_ZONE ?? 'America/New_York';
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

let query: Query;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on('error', () => {});
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = await createPGlite(process.env.DATA_DIR!);
  query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

// The session's user and the organisation it acts for, if the user is still its member.
const SESSION_SQL = `
  SELECT u.id, u.roles, m.organisation_id FROM sessions s JOIN users u ON u.id = s.user_id
  LEFT JOIN organisation_members m ON m.organisation_id = s.organisation_id AND m.user_id = s.user_id
  WHERE s.token_hash = $1`;

// The same answer as GET /api/landlord/dashboard with no options (every section): today,
// summary, property cards with their figures, units, current leases with the tenant's
// contact, owner contacts (a staff member whose position is Owner, else the landlord) and
// the leases ending in the next 60 days (at most 50).
const DASHBOARD_SQL = `
WITH p AS (SELECT * FROM properties WHERE organisation_id = $1),
u AS (SELECT units.* FROM units JOIN p ON p.id = units.property_id),
cur AS (
  SELECT l.*, u.property_id, u.unit_number AS u_number, t.first_name AS t_first,
         t.last_name AS t_last, t.email AS t_email, t.phone_number AS t_phone, p.name AS property_name
  FROM leases l JOIN tenants t ON t.id = l.tenant_id JOIN u ON u.id = l.unit_id JOIN p ON p.id = u.property_id
  WHERE l.status = 'Active' AND l.end_date >= $2::date
),
ustat AS (
  SELECT property_id, count(*) AS n, count(*) FILTER (WHERE lower(status) = 'rented') AS occ,
         count(*) FILTER (WHERE status = 'Available') AS avail
  FROM u GROUP BY property_id
),
lstat AS (SELECT property_id, count(*) AS n, sum(rent) AS rent FROM cur GROUP BY property_id),
ending AS (SELECT * FROM cur WHERE end_date <= $2::date + 60)
SELECT json_build_object(
  'today', $2::text,
  'summary', json_build_object(
    'totalProperties', (SELECT count(*) FROM p),
    'totalUnits', (SELECT count(*) FROM u),
    'occupiedUnits', (SELECT count(*) FROM u WHERE lower(status) = 'rented'),
    'availableUnits', (SELECT count(*) FROM u WHERE status = 'Available'),
    'activeLeases', (SELECT count(*) FROM cur),
    'totalMonthlyRent', (SELECT coalesce(sum(rent), 0) FROM cur),
    'pendingApplications', (SELECT count(*) FROM rental_applications a JOIN u ON u.id = a.unit_id WHERE a.status = 'Pending')),
  'properties', (SELECT coalesce(json_agg(json_build_object('id', p.id, 'userId', p.user_id, 'name', p.name,
      'description', p.description, 'address', p.address, 'city', p.city, 'state', p.state,
      'zipCode', p.zip_code, 'imageUrl', p.image_url, 'unitCount', coalesce(ustat.n, 0),
      'occupiedCount', coalesce(ustat.occ, 0), 'availableCount', coalesce(ustat.avail, 0),
      'activeLeaseCount', coalesce(lstat.n, 0), 'monthlyRent', coalesce(lstat.rent, 0))
      ORDER BY p.name, p.id), '[]')
    FROM p LEFT JOIN ustat ON ustat.property_id = p.id LEFT JOIN lstat ON lstat.property_id = p.id),
  'units', (SELECT coalesce(json_agg(json_build_object('id', id, 'unitNumber', unit_number,
      'propertyId', property_id, 'description', description, 'imageUrl', image_url,
      'bedrooms', bedrooms, 'bathrooms', bathrooms, 'squareFeet', square_feet, 'rent', rent,
      'status', status) ORDER BY property_id, unit_number, id), '[]') FROM u),
  'leases', (SELECT coalesce(json_agg(json_build_object('id', id, 'tenantId', tenant_id, 'unitId', unit_id,
      'propertyId', property_id, 'unitNumber', u_number, 'status', status, 'startDate', start_date,
      'endDate', end_date, 'rent', rent, 'deposit', deposit, 'tenantFirstName', t_first,
      'tenantLastName', t_last, 'tenantEmail', t_email, 'tenantPhone', t_phone)
      ORDER BY property_id, unit_id, start_date DESC, id), '[]') FROM cur),
  'owners', (SELECT coalesce(json_agg(json_build_object('propertyId', p.id,
      'firstName', coalesce(s.first_name, o.user_name), 'lastName', coalesce(s.last_name, ''),
      'email', CASE WHEN s.property_id IS NULL THEN o.email ELSE s.email END,
      'phone', CASE WHEN s.property_id IS NULL THEN o.phone ELSE s.phone END) ORDER BY p.id), '[]')
    FROM p JOIN users o ON o.id = p.user_id
    LEFT JOIN LATERAL (SELECT * FROM staff WHERE staff.property_id = p.id AND lower(trim(position)) = 'owner'
                       ORDER BY id LIMIT 1) s ON true),
  'leasesEndingSoon', json_build_object(
    'total', (SELECT count(*) FROM ending),
    'leases', (SELECT coalesce(json_agg(json_build_object('id', id, 'tenantId', tenant_id, 'unitId', unit_id,
      'propertyId', property_id, 'unitNumber', u_number, 'status', status, 'startDate', start_date,
      'endDate', end_date, 'rent', rent, 'deposit', deposit, 'tenantFirstName', t_first,
      'tenantLastName', t_last, 'tenantEmail', t_email, 'tenantPhone', t_phone,
      'propertyName', property_name) ORDER BY end_date, id), '[]')
      FROM (SELECT * FROM ending ORDER BY end_date, id LIMIT 50) e))
)::text AS body`;

function cookieToken(header: string | undefined): string | undefined {
  const match = /(?:^|;\s*)porchlight_session=([^;]+)/.exec(header ?? '');
  return match?.[1];
}

http
  .createServer(async (req, res) => {
    try {
      if (req.url !== '/dashboard') {
        res.writeHead(404).end();
        return;
      }
      const token = cookieToken(req.headers.cookie);
      const [user] = token
        ? await query(SESSION_SQL, [createHash('sha256').update(token).digest('hex')])
        : [];
      if (!user) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"message":"Please log in"}');
        return;
      }
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
      const [row] = await query(DASHBOARD_SQL, [user.organisation_id, today]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(row!.body as string);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
