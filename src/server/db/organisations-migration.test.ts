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
import { parentAgreementQueries } from './organisation-tables.test-helpers';
import { createPGlite } from './pglite';
import type { Database } from './client';
import * as schema from './schema';

/** The migration that brings teams, and a time on the day the fixture was written. */
const ORGANISATIONS_MIGRATION = '0032_organisations';
const FIXTURE_DAY = new Date('2026-11-28T17:00:00Z');

/** Columns the migration renames, by table: their values must come through under the new name. */
const RENAMED: Record<string, [from: string, to: string]> = {
  vendors: ['owner_id', 'organisation_id'],
  bank_accounts: ['owner_id', 'organisation_id'],
  books_owner_month_totals: ['owner_id', 'organisation_id'],
  portfolio_revisions: ['user_id', 'organisation_id'],
};
/**
 * Counters bumped by triggers when a property row is written (the migration writes every one),
 * with the transaction that last bumped one: they only tell caches to refresh, so their rows
 * must stay, not their values.
 */
const COUNTERS: Record<string, string[]> = {
  portfolio_revisions: ['revision'],
  public_listing_revision: ['revision', 'raised_by'],
};

type Row = Record<string, unknown>;
type Balance = { lease_id: number; balance: string };

/**
 * The demo, as seeded at the schema before teams, upgraded by the migration: every landlord
 * becomes an organisation of one Owner with the landlord's id, every property belongs to its
 * landlord's organisation, and no record, balance, history or books total changes. The demo
 * has no vendors, bank accounts, expenses or sessions; the test adds some before migrating so
 * the renamed columns and the sessions' new column are seen carrying values.
 */
describe('migration 0032: every landlord becomes an organisation', () => {
  let pglite: PGlite;
  let scratch: string;

  const rows = async <T = Row>(query: string) => (await pglite.query<T>(query)).rows;
  const balances = () =>
    rows<Balance>(
      'SELECT l.id AS lease_id, coalesce(sum(e.delta), 0)::text AS balance FROM leases l ' +
        'LEFT JOIN ledger_entries e ON e.lease_id = l.id GROUP BY l.id ORDER BY l.id',
    );
  const ownerMonthTotals = (owner: string) =>
    rows(
      `SELECT ${owner} AS owner, month, basis, side, category, vendor_id, amount::text, entries ` +
        `FROM books_owner_month_totals ORDER BY ${owner}, basis, month, side, category, vendor_id`,
    );
  /** A property's totals, in the columns they had before the migration (0035 adds one). */
  const monthTotals = () =>
    rows(
      `SELECT ${columnsBefore.get('books_month_totals')!.join(', ')} FROM books_month_totals ` +
        'ORDER BY property_id, basis, month, side, category, vendor_id',
    );
  const yearTotals = () =>
    rows(
      `SELECT ${columnsBefore.get('books_year_totals')!.join(', ')} FROM books_year_totals ` +
        'ORDER BY property_id, basis, year, side, category',
    );
  /** The history as recorded before the migration (later migrations add columns to it). */
  const auditEvents = () =>
    rows(`SELECT ${columnsBefore.get('audit_events')!.join(', ')} FROM audit_events ORDER BY id`);
  const countOf = async (table: string) =>
    (await rows<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;
  const tableNames = async () =>
    (
      await rows<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' " +
          "AND table_type = 'BASE TABLE' ORDER BY table_name",
      )
    ).map((row) => row.name);
  const columnsOf = async (table: string) =>
    (
      await rows<{ name: string }>(
        'SELECT column_name AS name FROM information_schema.columns ' +
          `WHERE table_schema = 'public' AND table_name = '${table}' ORDER BY column_name`,
      )
    ).map((row) => row.name);
  /**
   * Every row of the table as JSON in a fixed order, read as it was before the migration: its
   * columns then, under their names then. Columns added since (properties' and sessions'
   * organisation_id, checked on their own, and later migrations' columns) are left out.
   */
  async function contents(table: string, migrated: boolean): Promise<string[]> {
    const all = await rows<{ row: Row }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
    const columns = columnsBefore
      .get(table)!
      .filter((column) => !COUNTERS[table]?.includes(column));
    return all
      .map(({ row }) => {
        const copy = { ...row };
        if (migrated && RENAMED[table]) {
          const [from, to] = RENAMED[table];
          copy[from] = copy[to];
        }
        return JSON.stringify(Object.fromEntries(columns.map((column) => [column, copy[column]])));
      })
      .sort();
  }

  let tablesBefore: string[];
  let columnsBefore: Map<string, string[]>;
  let contentsBefore: Map<string, string[]>;
  let countsBefore: Map<string, number>;
  let balancesBefore: Balance[];
  let auditBefore: Row[];
  let monthTotalsBefore: Row[];
  let yearTotalsBefore: Row[];
  let ownerMonthTotalsBefore: Row[];
  let vendorOwnersBefore: Row[];
  let bankAccountOwnersBefore: Row[];
  let landlords: { id: number; name: string }[];
  let propertyOwners: Row[];

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'porchlight-organisations-'));
    pglite = await createPGlite();
    await migrateEmbedded(pglite, migrationsBefore(ORGANISATIONS_MIGRATION, scratch));
    await pglite.exec(
      readFileSync(path.join(import.meta.dirname, 'fixtures', 'demo-at-0031.sql'), 'utf8'),
    );
    await pglite.exec(`
      INSERT INTO vendors (owner_id, name, trade)
        SELECT id, user_name || ' plumbing', 'plumbing' FROM users WHERE 'Landlord' = ANY(roles);
      INSERT INTO bank_accounts (owner_id, name, last4, opening_balance, opening_date)
        SELECT id, user_name || ' operating', '1234', 1000, '2026-01-01' FROM users
        WHERE 'Landlord' = ANY(roles);
      INSERT INTO expenses (property_id, vendor_id, category, amount, expense_date, paid_on)
        SELECT p.id, v.id, 'repairs', 180 + p.id, '2026-11-02', '2026-11-03'
        FROM properties p JOIN vendors v ON v.owner_id = p.user_id;
      INSERT INTO sessions (token_hash, user_id, last_seen_at)
        SELECT 'session-of-' || id, id, now() FROM users;
    `);

    tablesBefore = await tableNames();
    columnsBefore = new Map();
    contentsBefore = new Map();
    countsBefore = new Map();
    for (const table of tablesBefore) {
      columnsBefore.set(table, await columnsOf(table));
      contentsBefore.set(table, await contents(table, false));
      countsBefore.set(table, await countOf(table));
    }
    balancesBefore = await balances();
    auditBefore = await auditEvents();
    monthTotalsBefore = await monthTotals();
    yearTotalsBefore = await yearTotals();
    ownerMonthTotalsBefore = await ownerMonthTotals('owner_id');
    vendorOwnersBefore = await rows('SELECT id, owner_id AS owner FROM vendors ORDER BY id');
    bankAccountOwnersBefore = await rows(
      'SELECT id, owner_id AS owner FROM bank_accounts ORDER BY id',
    );
    landlords = await rows(
      "SELECT id, coalesce(nullif(btrim(display_name), ''), user_name) AS name FROM users u " +
        "WHERE 'Landlord' = ANY(roles) OR EXISTS (SELECT 1 FROM properties p WHERE p.user_id = u.id) " +
        'ORDER BY id',
    );
    propertyOwners = await rows('SELECT id, user_id AS owner FROM properties ORDER BY id');

    await migrateEmbedded(pglite);
  });
  afterAll(async () => {
    await pglite.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('starts from a demo with data in it', () => {
    expect(landlords.length).toBe(2);
    expect(balancesBefore.length).toBeGreaterThan(10);
    expect(auditBefore.length).toBeGreaterThan(10);
    expect(ownerMonthTotalsBefore.length).toBeGreaterThan(10);
    expect(ownerMonthTotalsBefore.some((row) => row.vendor_id !== null)).toBe(true);
    expect(vendorOwnersBefore.length).toBe(2);
    expect(bankAccountOwnersBefore.length).toBe(2);
  });

  it('makes each landlord an organisation with its id, whose one member is its Owner', async () => {
    const organisations = await rows('SELECT id, name FROM organisations ORDER BY id');
    expect(organisations).toEqual(landlords);
    const members = await rows(
      'SELECT organisation_id, user_id, role, all_properties FROM organisation_members ' +
        'ORDER BY organisation_id, user_id',
    );
    expect(members).toEqual(
      landlords.map(({ id }) => ({
        organisation_id: id,
        user_id: id,
        role: 'Owner',
        all_properties: true,
      })),
    );
    expect(await rows('SELECT * FROM member_properties')).toEqual([]);
  });

  it("gives every property its landlord's organisation", async () => {
    expect(await rows('SELECT id, organisation_id AS owner FROM properties ORDER BY id')).toEqual(
      propertyOwners,
    );
  });

  it("lets a landlord's session go on acting for their organisation, and no one else's", async () => {
    const sessions = await rows<{ user_id: number; organisation_id: number | null }>(
      'SELECT user_id, organisation_id FROM sessions ORDER BY user_id',
    );
    const landlordIds = new Set(landlords.map((landlord) => landlord.id));
    expect(sessions.length).toBe(countsBefore.get('sessions'));
    for (const session of sessions) {
      expect(session.organisation_id).toBe(
        landlordIds.has(session.user_id) ? session.user_id : null,
      );
    }
  });

  it('keeps every row of every table that was there', async () => {
    const tablesAfter = await tableNames();
    expect(tablesAfter).toEqual(expect.arrayContaining(tablesBefore));
    for (const table of tablesBefore) {
      expect({ table, count: await countOf(table) }).toEqual({
        table,
        count: countsBefore.get(table),
      });
      expect({ table, rows: await contents(table, true) }).toEqual({
        table,
        rows: contentsBefore.get(table),
      });
    }
  });

  it('moves no balance, history or books total', async () => {
    expect(await balances()).toEqual(balancesBefore);
    expect(await auditEvents()).toEqual(auditBefore);
    expect(await monthTotals()).toEqual(monthTotalsBefore);
    expect(await yearTotals()).toEqual(yearTotalsBefore);
    expect(await ownerMonthTotals('organisation_id')).toEqual(ownerMonthTotalsBefore);
    expect(await rows('SELECT id, organisation_id AS owner FROM vendors ORDER BY id')).toEqual(
      vendorOwnersBefore,
    );
    expect(
      await rows('SELECT id, organisation_id AS owner FROM bank_accounts ORDER BY id'),
    ).toEqual(bankAccountOwnersBefore);
  });

  it("keeps the organisations' books totals equal to their recomputation", async () => {
    const recomputed = await rows(
      'SELECT organisation_id AS owner, month, basis, side, category, vendor_id, amount::text, entries ' +
        'FROM books_owner_month_totals_recomputed ' +
        'ORDER BY organisation_id, basis, month, side, category, vendor_id',
    );
    expect(recomputed).toEqual(await ownerMonthTotals('organisation_id'));
  });

  it("gives every row of a table under another its parent's organisation (0035)", async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const { table, parent, text } of parentAgreementQueries()) {
      const [counts] = await rows<{ rows: number; wrong: number }>(text);
      if (counts!.rows > 0) checked.push(table);
      if (counts!.wrong > 0) wrong.push(`${counts!.wrong} of ${table} disagree with ${parent.to}`);
    }
    expect(wrong).toEqual([]);
    // The demo has rows in these, and so does what the test added before migrating.
    expect(checked).toEqual(
      expect.arrayContaining([
        'units',
        'tenants',
        'leases',
        'ledger_entries',
        'deposit_transactions',
        'work_orders',
        'expenses',
        'books_month_totals',
        'books_year_totals',
        'property_search',
      ]),
    );
  });

  it('posts no rent the demo did not already have on the day it was written', async () => {
    const db = drizzle({ client: pglite, schema }) as unknown as Database;
    const posted = await runAsSystem(
      db,
      { name: 'migration-test', now: FIXTURE_DAY, timeZone: 'America/New_York' },
      postRentDue,
      undefined,
    );
    expect(posted).toBe(0);
    expect(await balances()).toEqual(balancesBefore);
  });

  it('numbers a new organisation after every migrated one', async () => {
    const created = await rows<{ id: number }>(
      "INSERT INTO organisations (name) VALUES ('Made after teams') RETURNING id",
    );
    expect(created[0]!.id).toBeGreaterThan(Math.max(...landlords.map((landlord) => landlord.id)));
  });
});
