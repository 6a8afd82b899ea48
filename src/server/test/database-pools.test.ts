import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from './test-app';

/**
 * Each worker's databases are handed to one test app after another, each time as the
 * migrations left them: embedded-pool.ts, or postgres-pool.ts when TEST_DATABASE_URL is set.
 */
describe('a test app after another one closed', () => {
  it('starts with no rows but the migrations’ own, and identities from 1', async () => {
    const first = await createTestApp();
    await signUpAndLogin(first, 'Landlord');
    await signUpAndLogin(first, 'Tenant');
    await first.database.db.execute(sql`set time zone 'Pacific/Auckland'`);
    const firstName = rows(await first.database.db.execute(sql`select current_database()`));
    await first.close();

    const second = await createTestApp();
    try {
      // The same database, emptied (not a new copy).
      expect(rows(await second.database.db.execute(sql`select current_database()`))).toEqual(
        firstName,
      );
      const count = await second.database.db.execute(sql`select count(*)::int as n from users`);
      expect(rows(count)).toEqual([{ n: 0 }]);
      const revision = await second.database.db.execute(
        sql`select count(*)::int as n from public_listing_revision`,
      );
      expect(rows(revision)).toEqual([{ n: 1 }]);
      const zone = await second.database.db.execute(sql`show time zone`);
      expect(rows(zone)).not.toEqual([{ TimeZone: 'Pacific/Auckland' }]);
      const landlord = await signUpAndLogin(second, 'Landlord');
      expect(landlord.user.id).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('never gets a database whose schema a test changed', async () => {
    const first = await createTestApp();
    await first.database.db.execute(sql`alter table units drop constraint units_status_known`);
    await first.close();

    const second = await createTestApp();
    try {
      const constraint = await second.database.db.execute(
        sql`select count(*)::int as n from pg_constraint where conname = 'units_status_known'`,
      );
      expect(rows(constraint)).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  });
});

function rows(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}
