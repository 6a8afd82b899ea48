import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propertiesTable } from '../modules/properties';
import { tenantsTable } from '../modules/tenants';
import { unitsTable } from '../modules/units';
import { buildWorld, type World } from '../test/attack/attack-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { ORGANISATION_TABLES, parentAgreementQueries } from './organisation-tables.test-helpers';
import type { Database } from './client';
import { readRows } from './read-rows';

/**
 * Every table carries organisation_id or says why it is shared (decision 0030,
 * docs/architecture.md 'Organisations and distribution'), so the question is answered when a
 * table is made, not when the schema has to be distributed; and the column of every table
 * under another always agrees with its parent's, whoever wrote the row.
 */
let t: TestApp;
let worlds: [World, World];
beforeAll(async () => {
  t = await createTestApp();
  worlds = [await buildWorld(t), await buildWorld(t)];
});
afterAll(() => t?.close());

const columnRow = z.object({ table_name: z.string(), column_name: z.string() });
const agreement = z.object({ rows: z.number(), wrong: z.number() });

/** Rows that carry another organisation than a parent's, and how many rows were checked. */
async function disagreements(db: Database) {
  const checked: Record<string, number> = {};
  const wrong: string[] = [];
  for (const { table, parent, text } of parentAgreementQueries()) {
    const [counts] = await readRows(db, sql.raw(text), agreement);
    checked[table] = (checked[table] ?? 0) + counts!.rows;
    if (counts!.wrong > 0) wrong.push(`${counts!.wrong} of ${table} disagree with ${parent.to}`);
  }
  return { checked, wrong };
}

describe('how every table reaches its organisation', () => {
  it('is declared for every table, and each declared column exists', async () => {
    const columns = await readRows(
      t.database.db,
      sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
          JOIN information_schema.tables tb
            ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
          WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`,
      columnRow,
    );
    const columnsOf = new Map<string, Set<string>>();
    for (const { table_name, column_name } of columns) {
      if (!columnsOf.has(table_name)) columnsOf.set(table_name, new Set());
      columnsOf.get(table_name)!.add(column_name);
    }
    expect([...columnsOf.keys()].filter((table) => !(table in ORGANISATION_TABLES)).sort()).toEqual(
      [],
    );
    const wrong: string[] = [];
    for (const [table, reach] of Object.entries(ORGANISATION_TABLES)) {
      const own = columnsOf.get(table);
      if (!own) {
        wrong.push(`${table} is listed but does not exist`);
      } else if ('column' in reach) {
        if (!own.has('organisation_id')) wrong.push(`${table} has no organisation_id`);
        for (const { through, to } of reach.parents ?? []) {
          if (!own.has(through)) wrong.push(`${table} has no ${through}`);
          if (!columnsOf.get(to)?.has('organisation_id'))
            wrong.push(`${table}'s parent ${to} has no organisation_id`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives every row its parent's organisation, in a world of two organisations", async () => {
    const [first, second] = worlds.map((world) => world.a.organisation!.organisationId);
    expect(first).not.toBe(second);
    const { checked, wrong } = await disagreements(t.database.db);
    expect(wrong).toEqual([]);
    // The check is not empty: both organisations have rows of nearly every kind.
    const empty = Object.entries(checked)
      .filter(([, rows]) => rows === 0)
      .map(([table]) => table)
      .sort();
    expect(empty).toEqual([
      'bank_balances',
      'bank_line_rejections',
      'checkout_sessions',
      'deposit_settlements',
      'deposit_transactions',
      'member_invitation_properties',
      'member_properties',
      'work_order_notes',
    ]);
    const perOrganisation = await readRows(
      t.database.db,
      sql`SELECT organisation_id, count(*)::int AS rows FROM ledger_entries GROUP BY 1 ORDER BY 1`,
      z.object({ organisation_id: z.number(), rows: z.number() }),
    );
    expect(perOrganisation.map((row) => row.organisation_id)).toEqual([first, second]);
  });

  it('would see a row that disagrees, were the triggers bypassed', async () => {
    const [a, b] = worlds;
    let seen: string[] = [];
    const bypassed = t.database.db.transaction(async (tx) => {
      // Replica mode fires no ordinary trigger: the only way a row could disagree.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(unitsTable)
        .set({ organisationId: b.a.organisation!.organisationId })
        .where(eq(unitsTable.id, a.ids.units!));
      seen = (await disagreements(tx as unknown as Database)).wrong;
      throw new Error('rolled back');
    });
    await expect(bypassed).rejects.toThrow('rolled back');
    expect(seen).toEqual(
      expect.arrayContaining([
        '1 of units disagree with properties',
        '1 of tenants disagree with units',
        '1 of leases disagree with units',
      ]),
    );
  });

  it('refuses a row, or a move, that would disagree with its parent', async () => {
    const [a, b] = worlds;
    const db = t.database.db;
    const [unit] = await db.select().from(unitsTable).where(eq(unitsTable.id, a.ids.units!));
    const refusedInsert = db.insert(unitsTable).values({
      ...unit!,
      id: undefined,
      unitNumber: 'Elsewhere',
      organisationId: b.a.organisation!.organisationId,
    });
    await expect(refusedInsert).rejects.toMatchObject({ cause: { code: '23514' } });
    const refusedMove = db
      .update(tenantsTable)
      .set({ unitId: b.ids.units! })
      .where(eq(tenantsTable.id, a.ids.tenants!));
    await expect(refusedMove).rejects.toMatchObject({ cause: { code: '23514' } });
    const refusedTransfer = db
      .update(propertiesTable)
      .set({ organisationId: b.a.organisation!.organisationId })
      .where(eq(propertiesTable.id, a.ids.properties!));
    await expect(refusedTransfer).rejects.toMatchObject({ cause: { code: '23514' } });
    const [filled] = await db
      .insert(unitsTable)
      .values({ ...unit!, id: undefined, organisationId: undefined, unitNumber: 'Filled' })
      .returning();
    expect(filled!.organisationId).toBe(a.a.organisation!.organisationId);
  });
});
