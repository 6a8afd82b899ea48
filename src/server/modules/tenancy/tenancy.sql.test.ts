import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, calendarDate } from '../../../shared/dates';
import {
  isCurrentOrUpcoming,
  isInEffectOn,
  lastDayOf,
  leaseState,
  type DatedLease,
} from '../../../shared/lease-state';
import { LEASE_STATUSES } from '../../../shared/constants';
import { LEASES_ENDING_SOON_DAYS } from '../../../shared/schemas/dashboard';
import { readRows } from '../../db/read-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  leaseAs,
  leaseCurrentOrUpcoming,
  leaseInEffectOn,
  leaseLastDay,
  leaseStateOn,
} from './tenancy.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BASE = '2024-01-01';
const day = (offset: number) => addDays(BASE, offset);

/**
 * A random lease as the product makes them: a start, an end on or after it, maybe a move-out
 * day within the lease (an early end), and any stored status, including ones the dates no
 * longer agree with (a lease set Expired by hand, a cancelled renewal).
 */
const datedLease: fc.Arbitrary<DatedLease> = fc
  .record({
    start: fc.integer({ min: 0, max: 900 }),
    length: fc.integer({ min: 0, max: 800 }),
    endedAfter: fc.option(fc.integer({ min: 0, max: 800 }), { nil: null }),
    status: fc.constantFrom(...LEASE_STATUSES),
  })
  .map(({ start, length, endedAfter, status }) => ({
    status,
    startDate: day(start),
    endDate: day(start + length),
    endedOn: endedAfter === null ? null : day(start + Math.min(endedAfter, length)),
  }));

/** 'Today' as the server finds it: an instant read in one of the landlords' time zones. */
const today = fc
  .record({
    instant: fc.integer({ min: Date.parse('2023-12-01'), max: Date.parse('2027-06-01') }),
    timeZone: fc.constantFrom('America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'UTC'),
  })
  .map(({ instant, timeZone }) => calendarDate(new Date(instant), timeZone));

/**
 * A lease and a day: any day, or one at an edge of the lease (its start, its last day, the
 * first 'ending soon' day, a day either side), where two rules written apart would disagree.
 */
const leaseAndDay: fc.Arbitrary<[DatedLease, string]> = datedLease.chain((lease) =>
  fc.tuple(
    fc.constant(lease),
    fc.oneof(
      today,
      fc
        .record({
          edge: fc.constantFrom(
            lease.startDate,
            lastDayOf(lease),
            addDays(lastDayOf(lease), -LEASES_ENDING_SOON_DAYS),
            lease.endDate,
          ),
          shift: fc.integer({ min: -1, max: 1 }),
        })
        .map(({ edge, shift }) => addDays(edge, shift)),
    ),
  ),
);

const row = z.object({
  i: z.coerce.number(),
  state: z.string(),
  in_effect: z.boolean(),
  current_or_upcoming: z.boolean(),
  last_day: z.string(),
});

describe('the tenancy vocabulary: SQL and TypeScript agree', () => {
  it('on lease state, current lease and last day, for random leases and days', async () => {
    const l = leaseAs('l');
    await fc.assert(
      fc.asyncProperty(fc.array(leaseAndDay, { minLength: 1, maxLength: 40 }), async (cases) => {
        const values = sql.join(
          cases.map(
            ([lease, d], i) =>
              sql`(${i}::int, ${lease.status}::text, ${lease.startDate}::date, ${lease.endDate}::date, ${lease.endedOn}::date, ${d}::date)`,
          ),
          sql`, `,
        );
        const rows = await readRows(
          t.database.db,
          sql`SELECT c.i, ${leaseStateOn(l, sql`c.today`)} AS state,
                       ${leaseInEffectOn(l, sql`c.today`)} AS in_effect,
                       ${leaseCurrentOrUpcoming(l, sql`c.today`)} AS current_or_upcoming,
                       ${leaseLastDay(l)}::text AS last_day
                FROM (VALUES ${values}) AS c(i, status, start_date, end_date, ended_on, today)
                CROSS JOIN LATERAL (SELECT c.status, c.start_date, c.end_date, c.ended_on) AS l
                ORDER BY c.i`,
          row,
        );
        expect(rows).toHaveLength(cases.length);
        for (const r of rows) {
          const [lease, d] = cases[r.i]!;
          expect({ lease, d, ...r }).toEqual({
            lease,
            d,
            i: r.i,
            state: leaseState(lease, d),
            in_effect: isInEffectOn(lease, d),
            current_or_upcoming: isCurrentOrUpcoming(lease, d),
            last_day: lastDayOf(lease),
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
