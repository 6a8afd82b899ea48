// The floor the app is measured against: bare node:http, no framework, no ORM, no
// validation; the session lookup and ONE SQL statement that builds the whole dashboard
// JSON inside the database. Started by bench/run.ts with PORT and DATA_DIR or DATABASE_URL.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3399);
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

let query: Query;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on('error', () => {});
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = await PGlite.create(process.env.DATA_DIR!);
  query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

const SESSION_SQL = `
  SELECT u.id, u.roles FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`;

// Same fields as GET /api/landlord/dashboard (SPEC section 3): summary, properties, units,
// current leases with their tenant's contact, and the owners' contact.
const DASHBOARD_SQL = `
WITH p AS (SELECT * FROM properties WHERE user_id = $1),
u AS (SELECT units.* FROM units JOIN p ON p.id = units.property_id),
cur AS (
  SELECT DISTINCT ON (t.unit_id) l.*, t.unit_id, t.email AS tenant_email, t.phone_number AS tenant_phone
  FROM leases l JOIN tenants t ON t.id = l.tenant_id JOIN u ON u.id = t.unit_id
  WHERE l.status = 'Active' AND l.end_date >= $2::date
  ORDER BY t.unit_id, l.start_date DESC
)
SELECT json_build_object(
  'summary', json_build_object(
    'totalProperties', (SELECT count(*) FROM p),
    'totalUnits', (SELECT count(*) FROM u),
    'occupiedUnits', (SELECT count(*) FROM u WHERE lower(status) = 'rented'),
    'availableUnits', (SELECT count(*) FROM u WHERE status = 'Available'),
    'activeLeases', (SELECT count(*) FROM cur),
    'totalMonthlyRent', (SELECT coalesce(sum(rent), 0) FROM cur)),
  'properties', (SELECT coalesce(json_agg(json_build_object('id', id, 'userId', user_id, 'name', name,
      'description', description, 'address', address, 'city', city, 'state', state,
      'zipCode', zip_code, 'imageUrl', image_url) ORDER BY id), '[]') FROM p),
  'units', (SELECT coalesce(json_agg(json_build_object('id', id, 'unitNumber', unit_number,
      'propertyId', property_id, 'description', description, 'imageUrl', image_url,
      'bedrooms', bedrooms, 'bathrooms', bathrooms, 'squareFeet', square_feet, 'rent', rent,
      'status', status) ORDER BY id), '[]') FROM u),
  'leases', (SELECT coalesce(json_agg(json_build_object('id', id, 'unitId', unit_id,
      'unitNumber', unit_number, 'status', status, 'startDate', start_date, 'endDate', end_date,
      'rent', rent, 'deposit', deposit, 'tenantFirstName', first_name, 'tenantLastName', last_name,
      'tenantEmail', tenant_email, 'tenantPhone', tenant_phone) ORDER BY unit_id), '[]') FROM cur),
  'owners', (SELECT coalesce(json_agg(json_build_object('propertyId', p.id, 'firstName', o.user_name,
      'lastName', '', 'email', o.email, 'phone', o.phone) ORDER BY p.id), '[]')
      FROM p JOIN users o ON o.id = p.user_id)
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
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Please log in"}');
        return;
      }
      const today = new Date().toISOString().slice(0, 10);
      const [row] = await query(DASHBOARD_SQL, [user.id, today]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(row!.body as string);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
