import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_TABLES } from '../../db/organisation-tables.test-helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  ADMIN_OPERATIONS,
  buildWorld,
  fillPath,
  listOperations,
  managerCalls,
  sampleBodyFor,
  sampleQuery,
  type ManagerCall,
  type World,
} from './attack-kit';
import { statementShape, unscopedTables } from './organisation-queries';

/**
 * "Every query filters by the organisation first" (decision 0030), checked on what the server
 * really sends: an Owner makes every manager call of the API (reads first, then changes, then
 * deletions) and every statement is read for organisation tables it touches without a
 * condition on that table's own organisation_id.
 *
 * Legitimately global, and not made here: an Admin's calls (scope 'all'), jobs (they run for
 * every organisation), the public listing, a person's own records (sessions, uploads,
 * notifications) and lookups by a one-time link's code (the code names the organisation).
 *
 * Read by something else than an organisation, by design, and counted here so that no other
 * statement joins them (the test fails when a count grows, and when it shrinks):
 * - audit_events, a record's history: an event names the organisation its actor acted for,
 *   not the record's (an Admin's edit names the Admin's own, the system's postings none), so
 *   the history is read by the record (audit.test.ts);
 * - expense_receipts and work_order_photos, whether a file is attached already: an upload is
 *   a person's, of no organisation, and one record's in any organisation, so it is asked by
 *   the file (docs/architecture.md, 'Organisations, scope and distribution').
 * Every other statement of a member's call filters each organisation table it names by that
 * table's own organisation_id.
 */
const READ_WITHOUT_ORGANISATION: Record<string, number> = {
  audit_events: 1,
  expense_receipts: 1,
  work_order_photos: 1,
};

let t: TestApp;
let world: World;
let calls: ManagerCall[];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  const rank = (call: ManagerCall) =>
    call.op.method === 'GET' ? 0 : call.op.method === 'DELETE' ? 2 : 1;
  calls = managerCalls(listOperations(t), world.ids)
    .filter(({ op }) => !ADMIN_OPERATIONS.has(op.key))
    .sort((x, y) => rank(x) - rank(y));
});
afterAll(() => t?.close());

const organisationTables = Object.entries(ORGANISATION_TABLES)
  .filter(([, reach]) => 'column' in reach)
  .map(([table]) => table);

describe("a member's statements filter each organisation table by its organisation", () => {
  it('on every manager call, but for the reads by a record or a file listed', async () => {
    expect(calls.length).toBeGreaterThanOrEqual(100);
    const shapesOf = new Map<string, Map<string, string>>();
    for (const call of calls) {
      const { op } = call;
      const body = op.body ? sampleBodyFor(op, world.ids) : undefined;
      t.queries.length = 0;
      await world.a.request({
        method: op.method,
        url: fillPath(op, world.ids),
        query: call.query ?? sampleQuery(op, world.ids),
        ...(body ? { payload: body } : {}),
      });
      for (const statement of t.queries) {
        for (const table of unscopedTables(statement, organisationTables)) {
          if (!shapesOf.has(table)) shapesOf.set(table, new Map());
          const shapes = shapesOf.get(table)!;
          const shape = statementShape(statement);
          if (!shapes.has(shape)) shapes.set(shape, call.label);
        }
      }
    }
    const counts = Object.fromEntries(
      [...shapesOf].map(([table, shapes]) => [table, shapes.size]).sort(),
    );
    const offenders = [...shapesOf].flatMap(([table, shapes]) =>
      shapes.size === READ_WITHOUT_ORGANISATION[table]
        ? []
        : [...shapes].map(([shape, label]) => `${table} (${label}): ${shape}`),
    );
    expect(counts, offenders.join('\n')).toEqual(READ_WITHOUT_ORGANISATION);
  });
});
