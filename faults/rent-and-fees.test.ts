import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertUser, seedPortfolio } from '../src/server/cli/seed/generate';
import { openMigratedDatabase } from '../src/server/database';
import type { DatabaseHandle } from '../src/server/db/client';
import {
  postgresStore,
  postgresUrl,
  sleep,
  startServer,
  stopServer,
  type Server,
  type Store,
} from './harness';

/**
 * Two server processes on one PostgreSQL run the hour's jobs together, on leases whose rent
 * and late fees are both due by that hour (nothing posted yet, every late day passed). Each
 * period's rent is posted, and its late fee charged in that same hour, once: fees are assessed
 * per landlord right after that landlord's rent, never by a process that has not seen it.
 */
describe.skipIf(!postgresUrl)(
  'rent and late fees with two server processes, one PostgreSQL',
  () => {
    let store: Store;
    let database: DatabaseHandle;
    const servers: Server[] = [];
    afterAll(async () => {
      for (const server of servers) await stopServer(server);
      await database?.close();
      await store?.cleanup();
    });

    const rows = async <Row>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

    it('charges every late fee in the hour its rent is posted, once', async () => {
      store = await postgresStore();
      database = await openMigratedDatabase({ databaseUrl: store.databaseUrl, dataDir: '' });
      const env = { TIME_ZONE: 'UTC', JOBS_POLL_MS: '50' };
      servers.push(
        ...(await Promise.all([startServer(store, { env }), startServer(store, { env })])),
      );

      // Seeded while both run: the hour's jobs already ran with nothing to do.
      const today = new Date();
      for (let i = 0; i < 4; i++) {
        const landlordId = await insertUser(
          database.db,
          {
            userName: `chain.landlord${i}`,
            password: 'tidy-lantern-orchard-42',
            roles: ['Landlord'],
          },
          { email: null, phone: null },
        );
        await seedPortfolio(database.db, landlordId, {
          properties: 2,
          unitsPerProperty: 25,
          rentedShare: 0.9,
          today,
        });
      }
      await database.db.execute(
        sql`update leases set late_fee_kind = 'flat', late_fee_amount = 3000, late_fee_grace_days = 0`,
      );
      // The hour starts again: the scheduler enqueues this hour's jobs anew on the next poll.
      await database.db.execute(sql`delete from jobs where kind like 'ledger.%'`);

      const deadline = Date.now() + 120_000;
      for (;;) {
        const [state] = await rows<{ hourly: number; pending: number }>(
          sql`select count(*) filter (where kind = 'ledger.post-rent' and status = 'done')::int as hourly,
                   count(*) filter (where kind like 'ledger.%' and status <> 'done')::int as pending
            from jobs`,
        );
        if (state!.hourly >= 1 && state!.pending === 0) break;
        if (Date.now() > deadline) throw new Error(`jobs not done: ${JSON.stringify(state)}`);
        await sleep(100);
      }
      const [{ day }] = (await rows<{ day: string }>(
        sql`select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as day`,
      )) as [{ day: string }];

      const [rent] = await rows<{ n: number; late: number }>(
        sql`select count(*)::int as n, count(*) filter (where entry_date < ${day}::date)::int as late
          from ledger_entries where category = 'rent'`,
      );
      // Enough rent that the two processes' work overlaps, not one finishing before the other starts.
      expect(rent!.n).toBeGreaterThan(300);
      const missing = await rows<{ lease_id: number; period: string }>(
        sql`select r.lease_id, r.period from ledger_entries r
          where r.category = 'rent' and r.entry_date < ${day}::date
            and not exists (select 1 from ledger_entries f
                            where f.lease_id = r.lease_id and f.period = r.period
                              and f.category = 'late_fee')`,
      );
      expect(missing, `${missing.length} of ${rent!.late} fees missing`).toEqual([]);
      const [fees] = await rows<{ n: number; leases: number }>(
        sql`select count(*)::int as n, count(distinct (lease_id, period))::int as leases
          from ledger_entries where category = 'late_fee'`,
      );
      expect(fees).toEqual({ n: rent!.late, leases: rent!.late });
      const [events] = await rows<{ n: number }>(
        sql`select count(*)::int as n from audit_events where action = 'ledger.late_fee'`,
      );
      expect(events!.n).toBe(rent!.late);
      // Each fee in the hour its rent was posted.
      const [later] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_entries f join ledger_entries r
            on r.lease_id = f.lease_id and r.period = f.period and r.category = 'rent'
          where f.category = 'late_fee'
            and date_trunc('hour', f.created_at) <> date_trunc('hour', r.created_at)`,
      );
      expect(later!.n).toBe(0);
      for (const server of servers) expect(server.output()).not.toMatch(/job failed/);
    });
  },
);
