import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../context';
import { postRentDue } from '../modules/ledger';
import { migrateEmbedded } from './migrate';
import { migrationsBefore } from './migrations-before';
import { createPGlite } from './pglite';
import type { Database } from './client';
import * as schema from './schema';

/** The migration that gives every lease its unit, and the day the fixture was written. */
const LEASE_UNIT_MIGRATION = '0024_lease_unit';
const FIXTURE_DAY = new Date('2026-11-26T17:00:00Z');

/**
 * The demo, as seeded at the schema before leases had a unit, upgraded by the migration:
 * every lease gets the unit its tenant was on, and no balance moves, not even after the rent
 * job runs on the day the demo was written (its ledgers begin in the middle of their leases).
 */
describe('migration 0024: a lease belongs to a unit', () => {
  let pglite: PGlite;
  let scratch: string;

  const rows = async <T>(query: string) => (await pglite.query<T>(query)).rows;
  const balances = () =>
    rows<{ lease_id: number; balance: string }>(
      'SELECT l.id AS lease_id, coalesce(sum(e.delta), 0)::text AS balance FROM leases l ' +
        'LEFT JOIN ledger_entries e ON e.lease_id = l.id GROUP BY l.id ORDER BY l.id',
    );

  let before: { lease_id: number; balance: string }[];
  let unitOfTenant: { lease_id: number; unit_id: number }[];

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'porchlight-lease-unit-'));
    pglite = await createPGlite();
    await migrateEmbedded(pglite, migrationsBefore(LEASE_UNIT_MIGRATION, scratch));
    await pglite.exec(
      readFileSync(path.join(import.meta.dirname, 'fixtures', 'demo-at-0023.sql'), 'utf8'),
    );
    before = await balances();
    unitOfTenant = await rows(
      'SELECT l.id AS lease_id, t.unit_id FROM leases l JOIN tenants t ON t.id = l.tenant_id ORDER BY l.id',
    );
    await migrateEmbedded(pglite);
  });
  afterAll(async () => {
    await pglite.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('gives every lease the unit its tenant is on', async () => {
    expect(before.length).toBeGreaterThan(10);
    const after = await rows<{ lease_id: number; unit_id: number }>(
      'SELECT id AS lease_id, unit_id FROM leases ORDER BY id',
    );
    expect(after).toEqual(unitOfTenant);
  });

  it('changes no balance, and the rent job posts nothing new on the demo day', async () => {
    expect(await balances()).toEqual(before);
    const db = drizzle({ client: pglite, schema }) as unknown as Database;
    const posted = await runAsSystem(
      db,
      { name: 'migration-test', now: FIXTURE_DAY, timeZone: 'America/New_York' },
      postRentDue,
      undefined,
    );
    expect(posted).toBe(0);
    expect(await balances()).toEqual(before);
  });

  it('refuses to move a lease to another unit', async () => {
    await expect(
      pglite.query('UPDATE leases SET unit_id = unit_id + 1 WHERE id = 1'),
    ).rejects.toThrow(/unit cannot change/);
  });
});
