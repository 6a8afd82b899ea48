import { faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { insertUser, seedPortfolio, type PortfolioCounts } from '../src/server/cli/seed/generate';
import { BOOKS_MONTHS, seedBooksHistory, type BooksHistoryCounts } from './books';

/** One landlord of the history: her account, her tenant's, and the size of her portfolio. */
export interface HistoryLandlord {
  userName: string;
  /** A tenant of her first Active lease, signed up for the portal. */
  tenantUserName: string;
  properties: number;
  /** Fake names and rents drawn from this seed: the same seed, the same portfolio. */
  fakerSeed: number;
}

export const UNITS_PER_PROPERTY = 10;
/** Work orders per unit over the three years (30,000 for 10,000 units). */
const WORK_ORDERS_PER_UNIT = 3;
/** Notifications per tenant, to their own account (100,000 for 10,000 units). */
const NOTIFICATIONS_PER_TENANT = 10;
const DAYS_OF_HISTORY = Math.round((BOOKS_MONTHS * 365) / 12);

export interface HistoryCounts extends BooksHistoryCounts {
  landlords: number;
  properties: number;
  units: number;
  leases: number;
  workOrders: number;
  notes: number;
  photos: number;
  notifications: number;
}

/**
 * The landlords' portfolios (seedPortfolio, its fake people and rents, one landlord after the
 * other), then three years of their history at once by bulk SQL through the product's tables
 * with every trigger on: the books (seedBooksHistory), work orders with notes and photos (the
 * upload's metadata; no bytes), and the tenants' accounts with their notifications. Which
 * unit's request is still open follows the unit's place in its landlord's portfolio, not its
 * id, so a landlord seeded alone gets the same history as beside others.
 */
export async function seedHistory(
  db: Database,
  landlords: HistoryLandlord[],
  password: string,
): Promise<HistoryCounts> {
  const portfolios: PortfolioCounts[] = [];
  for (const landlord of landlords) {
    faker.seed(landlord.fakerSeed);
    const landlordId = await insertUser(
      db,
      { userName: landlord.userName, password, roles: ['Landlord'] },
      { email: `${landlord.userName}@example.com`, phone: null },
    );
    portfolios.push(
      await seedPortfolio(db, landlordId, {
        properties: landlord.properties,
        unitsPerProperty: UNITS_PER_PROPERTY,
        pastLeaseForEveryOtherUnit: true,
        staffPerProperty: 1,
      }),
    );
    const tenantUserId = await insertUser(
      db,
      { userName: landlord.tenantUserName, password, roles: ['Tenant'] },
      { email: `${landlord.tenantUserName}@example.com`, phone: null },
    );
    await db.execute(sql`
      UPDATE tenants SET user_id = ${tenantUserId}
      WHERE id = (SELECT l.tenant_id FROM leases l JOIN units u ON u.id = l.unit_id
                  JOIN properties p ON p.id = u.property_id
                  WHERE p.user_id = ${landlordId} AND l.status = 'Active'
                  ORDER BY l.id LIMIT 1)`);
  }
  const userNames = landlords.map((landlord) => landlord.userName);
  const books = await seedBooksHistory(db, userNames);
  const work = await seedWorkOrderHistory(db, userNames);
  const notifications = await seedNotifications(db, userNames, landlords[0]!.tenantUserName);
  const sum = (key: keyof PortfolioCounts) => portfolios.reduce((n, p) => n + p[key], 0);
  return {
    landlords: landlords.length,
    properties: sum('properties'),
    units: sum('units'),
    leases: sum('leases'),
    ...books,
    ...work,
    notifications,
  };
}

const ownersOf = (userNames: string[]) =>
  sql`(SELECT id FROM users WHERE user_name IN (${sql.join(
    userNames.map((name) => sql`${name}`),
    sql`, `,
  )}))`;

/**
 * Three requests per unit, spread evenly over the three years: the last three weeks' still in
 * hand (New, Assigned, In progress, Waiting or Done, in turn), older ones Closed (one in
 * twenty Cancelled). Each has a photo from its filing (an upload row), and each one worked on
 * a note shared with the tenant with its hours and cost, every third an internal note too.
 */
async function seedWorkOrderHistory(db: Database, userNames: string[]) {
  const owners = ownersOf(userNames);
  await db.execute(sql`
    INSERT INTO work_orders (unit_id, tenant_id, filed_by, title, category, priority, status,
      entry_permission, assigned_staff_id, close_reason, filed_at, acknowledged_at)
    SELECT u.id, u.tenant_id, u.user_id,
           (ARRAY['Tap drips in the kitchen', 'Heating makes a banging noise',
                  'Bathroom outlet has no power', 'Dishwasher does not drain',
                  'Mice in the kitchen cupboards', 'Front door lock sticks'])[1 + (u.r + i) % 6],
           (ARRAY['Plumbing', 'Heating/Cooling', 'Electrical', 'Appliance', 'Pest', 'Other'])[1 + (u.r + i) % 6],
           (ARRAY['Routine', 'Routine', 'Urgent', 'Routine', 'Emergency'])[1 + (u.r * 3 + i) % 5],
           s.status, (u.r + i) % 2 = 0,
           CASE WHEN s.status NOT IN ('New', 'Cancelled') THEN u.staff_id END,
           CASE WHEN s.status = 'Cancelled' THEN 'Not needed after all' END,
           now() - make_interval(days => a.age, hours => (u.r % 24)::int),
           CASE WHEN s.status <> 'New' THEN now() - make_interval(days => a.age, hours => (u.r % 24)::int - 2) END
    FROM (SELECT u.id, p.user_id,
                 row_number() OVER (PARTITION BY p.organisation_id ORDER BY u.id) AS r,
                 (SELECT t.id FROM tenants t WHERE t.unit_id = u.id ORDER BY t.id LIMIT 1) AS tenant_id,
                 (SELECT s.id FROM staff s WHERE s.property_id = p.id ORDER BY s.id LIMIT 1) AS staff_id
          FROM units u JOIN properties p ON p.id = u.property_id
          WHERE p.user_id IN ${owners}) u
    CROSS JOIN generate_series(0, ${WORK_ORDERS_PER_UNIT - 1}) AS i
    CROSS JOIN LATERAL (SELECT ((u.r * 37 + i * 365) % ${DAYS_OF_HISTORY})::int AS age) a
    CROSS JOIN LATERAL (SELECT CASE
        WHEN a.age < 21 THEN (ARRAY['New', 'Assigned', 'In progress', 'Waiting', 'Done'])[1 + (u.r + i) % 5]
        WHEN (u.r + i) % 20 = 0 THEN 'Cancelled'
        ELSE 'Closed' END AS status) s`);
  const mine = sql`
    SELECT w.id, w.filed_by, w.status, w.filed_at,
           row_number() OVER (PARTITION BY p.organisation_id ORDER BY w.id) AS r
    FROM work_orders w JOIN units u ON u.id = w.unit_id JOIN properties p ON p.id = u.property_id
    WHERE p.user_id IN ${owners}`;
  await db.execute(sql`
    INSERT INTO work_order_notes (work_order_id, author_id, body, visibility, labour_hours, cost, created_at)
    SELECT w.id, w.filed_by, n.body, n.visibility, n.hours, n.cost, w.filed_at + interval '1 day'
    FROM (${mine}) w
    CROSS JOIN LATERAL (VALUES
        ('Fixed and tested', 'tenant', 1.5, 80 + w.r % 40, true),
        ('Part ordered from the usual supplier', 'internal', 0.25, NULL, w.r % 3 = 0))
      AS n(body, visibility, hours, cost, written)
    WHERE w.status NOT IN ('New', 'Cancelled') AND n.written`);
  await db.execute(sql`
    INSERT INTO uploads (storage_key, uploaded_by, content_type, byte_size, width, height, created_at)
    SELECT 'history/' || w.id || '.webp', w.filed_by, 'image/webp', 120000 + w.r % 50000, 1600, 1200, w.filed_at
    FROM (${mine}) w`);
  await db.execute(sql`
    INSERT INTO work_order_photos (work_order_id, upload_id, kind, created_at)
    SELECT w.id, x.id, 'request', w.filed_at
    FROM (${mine}) w JOIN uploads x ON x.storage_key = 'history/' || w.id || '.webp'`);
  const counted = (await db.execute(sql`
    SELECT count(*)::int AS "workOrders",
           (SELECT count(*) FROM work_order_notes n WHERE n.work_order_id IN (SELECT id FROM (${mine}) m))::int AS notes,
           (SELECT count(*) FROM work_order_photos f WHERE f.work_order_id IN (SELECT id FROM (${mine}) m))::int AS photos
    FROM (${mine}) w`)) as unknown as {
    rows: { workOrders: number; notes: number; photos: number }[];
  };
  return counted.rows[0]!;
}

/**
 * What the tenants are told in the app: every tenant of the landlords gets an account (signed
 * up, with the password of the first landlord's portal tenant) and ten notifications over the
 * last 80 days, all but the newest two read: 100,000 for 10,000 units. Not years of them: the
 * product keeps an account's read notifications 90 days and at most 200 (pruneNotifications),
 * so a landlord's notifications are her tenants' recent ones, not one account's history.
 */
async function seedNotifications(
  db: Database,
  userNames: string[],
  passwordOf: string,
): Promise<number> {
  const owners = ownersOf(userNames);
  const tenants = sql`
    SELECT t.id FROM tenants t JOIN units u ON u.id = t.unit_id
    JOIN properties p ON p.id = u.property_id
    WHERE p.user_id IN ${owners}`;
  await db.execute(sql`
    INSERT INTO users (user_name, email, password_hash, roles)
    SELECT 'history-tenant-' || t.id, 'history-tenant-' || t.id || '@example.com',
           (SELECT password_hash FROM users WHERE user_name = ${passwordOf}), ARRAY['Tenant']
    FROM tenants t WHERE t.id IN (${tenants}) AND t.user_id IS NULL`);
  await db.execute(sql`
    UPDATE tenants t SET user_id = u.id
    FROM users u WHERE u.user_name = 'history-tenant-' || t.id AND t.id IN (${tenants})`);
  await db.execute(sql`
    INSERT INTO notifications (user_id, key, kind, title, body, link, created_at, read_at)
    SELECT t.user_id, 'history:' || t.user_id || ':' || n,
           (ARRAY['payments.recorded', 'ledger.posted', 'charges.overdue', 'leases.ending_soon'])[1 + n % 4],
           (ARRAY['Payment recorded', 'Rent posted', 'Charges overdue', 'Lease ending soon'])[1 + n % 4],
           'From the history seeded for the benchmark.', '/portal',
           now() - make_interval(days => 8 * n), CASE WHEN n > 2 THEN now() - make_interval(days => 8 * n - 1) END
    FROM tenants t CROSS JOIN generate_series(1, ${NOTIFICATIONS_PER_TENANT}) AS n
    WHERE t.id IN (${tenants})`);
  const counted = (await db.execute(sql`
    SELECT count(*)::int AS n FROM notifications
    WHERE user_id IN (SELECT user_id FROM tenants WHERE id IN (${tenants}))`)) as unknown as {
    rows: { n: number }[];
  };
  return counted.rows[0]!.n;
}

/** One landlord's rows of the history (the figures the issue names), by account name. */
export async function countHistoryOf(db: Database, userName: string) {
  const owner = sql`(SELECT id FROM users WHERE user_name = ${userName})`;
  const counted = (await db.execute(sql`
    WITH e AS (SELECT e.kind, e.category FROM ledger_entries e JOIN leases l ON l.id = e.lease_id
               JOIN units u ON u.id = l.unit_id JOIN properties p ON p.id = u.property_id
               WHERE p.user_id = ${owner}),
    w AS (SELECT w.id FROM work_orders w JOIN units u ON u.id = w.unit_id
          JOIN properties p ON p.id = u.property_id WHERE p.user_id = ${owner})
    SELECT (SELECT count(*) FROM units u JOIN properties p ON p.id = u.property_id
            WHERE p.user_id = ${owner})::int AS units,
           (SELECT count(*) FILTER (WHERE category = 'rent') FROM e)::int AS "rentCharges",
           (SELECT count(*) FILTER (WHERE kind = 'payment') FROM e)::int AS payments,
           (SELECT count(*) FILTER (WHERE category = 'late_fee') FROM e)::int AS "lateFees",
           (SELECT count(*) FILTER (WHERE kind = 'reversal') FROM e)::int AS reversals,
           (SELECT count(*) FROM expenses x JOIN properties p ON p.id = x.property_id
            WHERE p.user_id = ${owner})::int AS expenses,
           (SELECT count(*) FROM w)::int AS "workOrders",
           (SELECT count(*) FROM work_order_notes n WHERE n.work_order_id IN (SELECT id FROM w))::int AS notes,
           (SELECT count(*) FROM work_order_photos f WHERE f.work_order_id IN (SELECT id FROM w))::int AS photos,
           (SELECT count(*) FROM notifications n JOIN tenants t ON t.user_id = n.user_id
            JOIN units u ON u.id = t.unit_id JOIN properties p ON p.id = u.property_id
            WHERE p.user_id = ${owner})::int AS notifications`)) as unknown as {
    rows: Record<string, number>[];
  };
  return counted.rows[0]!;
}
