import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isRealDate, calendarDate } from '../../../shared/dates';
import { amountOfMoneyText } from '../../../shared/money-text';
import {
  columnForHeader,
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_LIMITS,
  type ImportChoices,
  type ImportCounts,
  type ImportKind,
  type ImportMapping,
  type ImportResult,
  type ImportRowError,
  type ImportSheet,
} from '../../../shared/schemas/imports';
import { leaseBodySchema } from '../../../shared/schemas/leases';
import { MAX_DUE_DAY } from '../../../shared/rent-periods';
import { createPropertyBodySchema } from '../../../shared/schemas/properties';
import { createStaffBodySchema } from '../../../shared/schemas/staff';
import { tenantBodySchema } from '../../../shared/schemas/tenants';
import { createUnitBodySchema } from '../../../shared/schemas/units';
import type { Context } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { managedPropertiesFilter } from '../authz/authz';
import { recordReceipt } from '../deposits/deposits.service';
import { createLease } from '../leases/leases.service';
import { leasesTable } from '../leases/leases.table';
import { propertiesTable } from '../properties/properties.table';
import { createProperty } from '../properties/properties.service';
import { createStaff } from '../staff/staff.service';
import { staffTable } from '../staff/staff.table';
import { placeTenant } from '../tenants/tenants.service';
import { tenantsTable } from '../tenants/tenants.table';
import { createUnit } from '../units/units.service';
import { unitsTable } from '../units/units.table';
import type { RawSheet } from './import-files';

/** A sheet with the kind and mapping it is read with. */
export interface PlannedSheet extends ImportSheet {
  data: string[][];
}

function guessKind(sheet: RawSheet): ImportKind | null {
  const byName = IMPORT_KINDS.find((kind) => sheet.name.toLowerCase().includes(kind.slice(0, -1)));
  if (byName) return byName;
  const headers = sheet.rows[0] ?? [];
  let best: { kind: ImportKind; score: number } | null = null;
  for (const kind of IMPORT_KINDS) {
    const fields = new Set(headers.map((h) => columnForHeader(kind, h)).filter(Boolean));
    const required = IMPORT_COLUMNS[kind].filter((c) => c.required);
    if (!required.every((c) => fields.has(c.field))) continue;
    // The kind whose columns the headers fill most; tenants before units when both fit.
    const score = fields.size * 10 - IMPORT_COLUMNS[kind].length;
    if (!best || score > best.score) best = { kind, score };
  }
  return best?.kind ?? null;
}

/**
 * Reads each sheet's kind (as chosen, else from its name or headers) and how its headers map
 * to columns (as chosen, else by name and alias). A sheet of no kind is left out.
 */
export function planImport(raw: RawSheet[], choices: ImportChoices = {}): PlannedSheet[] {
  // A sheet with a header and no rows under it has nothing to import.
  const sheets = raw.filter((sheet) => sheet.rows.length > 1);
  if (sheets.length === 0) {
    throw badRequest(
      'imports.empty',
      'The file has no rows to import: its sheets are empty or hold only a header',
      'file',
    );
  }
  const total = sheets.reduce((sum, sheet) => sum + sheet.rows.length - 1, 0);
  if (total > IMPORT_LIMITS.rows) {
    throw badRequest(
      'imports.too_many_rows',
      `The file has more than ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows. Split it into smaller files.`,
      'file',
    );
  }
  return sheets.map((sheet) => {
    const chosen = choices.sheets?.[sheet.name];
    const kind = chosen?.kind === undefined ? guessKind(sheet) : chosen.kind;
    const headers = sheet.rows[0]!;
    const mapping: ImportMapping = {};
    const known = kind ? new Set(IMPORT_COLUMNS[kind].map((c) => c.field)) : new Set<string>();
    for (const header of headers) {
      const picked = chosen?.mapping?.[header];
      mapping[header] =
        picked !== undefined && (picked === null || known.has(picked))
          ? picked
          : kind
            ? columnForHeader(kind, header)
            : null;
    }
    const data = sheet.rows.map((row) => [...row]);
    for (const [line, cells] of Object.entries(chosen?.edits ?? {})) {
      const row = data[Number(line) - 1];
      if (!row || Number(line) < 2) continue;
      for (const [header, value] of Object.entries(cells)) {
        const index = headers.indexOf(header);
        if (index >= 0) row[index] = value.trim();
      }
    }
    const mapped = new Set(Object.values(mapping));
    const missing = kind
      ? IMPORT_COLUMNS[kind].filter((c) => c.required && !mapped.has(c.field)).map((c) => c.label)
      : [];
    return { name: sheet.name, kind, headers, mapping, rows: sheet.rows.length - 1, missing, data };
  });
}

const zeroCounts = (): ImportCounts => ({
  properties: 0,
  units: 0,
  tenants: 0,
  leases: 0,
  staff: 0,
});

/** One row being read: its cells by field, and where its errors go. */
class Row {
  readonly errors: ImportRowError[] = [];
  constructor(
    readonly sheet: PlannedSheet,
    readonly line: number,
    private readonly cells: string[],
  ) {}

  headerOf(field: string): string {
    return Object.entries(this.sheet.mapping).find(([, f]) => f === field)?.[0] ?? '';
  }

  text(field: string): string {
    const index = this.sheet.headers.findIndex((h) => this.sheet.mapping[h] === field);
    return index < 0 ? '' : (this.cells[index] ?? '').trim();
  }

  fail(field: string, message: string): void {
    const column = this.headerOf(field);
    const index = column ? this.sheet.headers.indexOf(column) : -1;
    this.errors.push({
      sheet: this.sheet.name,
      line: this.line,
      column,
      message,
      value: index < 0 ? '' : (this.cells[index] ?? ''),
    });
  }

  money(field: string, label: string): number | null | undefined {
    const read = amountOfMoneyText(label, this.text(field));
    if ('error' in read) {
      this.fail(field, read.error);
      return undefined;
    }
    return read.amount;
  }

  number(field: string, label: string): number | undefined {
    const text = this.text(field).replace(/,/g, '');
    if (text === '') return undefined;
    const value = Number(text);
    if (!Number.isFinite(value)) {
      this.fail(field, `${label} must be a number`);
      return Number.NaN;
    }
    return value;
  }

  /** 'YYYY-MM-DD' or the US 'M/D/YYYY'; '' when empty; undefined (with an error) when neither. */
  date(field: string, label: string): string | undefined {
    const text = this.text(field);
    if (text === '') return '';
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text;
    if (/^\d{4}-\d{2}-\d{2}$/.test(iso) && isRealDate(iso)) return iso;
    this.fail(field, `${label} must be a date (YYYY-MM-DD or M/D/YYYY)`);
    return undefined;
  }

  /** The body, or undefined with every field's message recorded against its column. */
  parse<S extends z.ZodType>(schema: S, body: unknown, fieldOf: Record<string, string> = {}) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data as z.infer<S>;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      this.fail(fieldOf[key] ?? key, issue.message);
    }
    return undefined;
  }
}

const lower = (value: string) => value.trim().toLowerCase();

interface Run {
  ctx: Context;
  created: ImportCounts;
  existing: ImportCounts;
  errors: ImportRowError[];
  /** Property ids by lower-cased name, once found: the many rows of a sheet name few properties. */
  propertyIds: Map<string, number>;
}

async function findPropertyByName(run: Run, row: Row): Promise<number | undefined> {
  const name = row.text('property');
  if (!name) return undefined;
  const cached = run.propertyIds.get(lower(name));
  if (cached !== undefined) return cached;
  const found = await run.ctx.tx
    .select({ id: propertiesTable.id })
    .from(propertiesTable)
    .where(
      and(
        managedPropertiesFilter(run.ctx.actor),
        sql`lower(${propertiesTable.name}) = ${lower(name)}`,
      ),
    )
    .limit(2);
  if (found.length === 0) {
    row.fail(
      'property',
      `There is no property named ${name}: add it to the properties sheet first`,
    );
    return undefined;
  }
  if (found.length > 1) {
    row.fail('property', `More than one of your properties is named ${name}: rename one first`);
    return undefined;
  }
  run.propertyIds.set(lower(name), found[0]!.id);
  return found[0]!.id;
}

async function importProperty(run: Run, row: Row): Promise<void> {
  const body = row.parse(createPropertyBodySchema, {
    name: row.text('name'),
    address: row.text('address'),
    city: row.text('city'),
    state: row.text('state'),
    zipCode: row.text('zipCode'),
    description: row.text('description') || null,
  });
  if (!body || row.errors.length > 0) return;
  const [existing] = await run.ctx.tx
    .select({ id: propertiesTable.id })
    .from(propertiesTable)
    .where(
      and(
        managedPropertiesFilter(run.ctx.actor),
        sql`lower(${propertiesTable.name}) = ${lower(body.name)}`,
        sql`lower(${propertiesTable.address}) = ${lower(body.address)}`,
      ),
    )
    .limit(1);
  if (existing) {
    run.existing.properties++;
    return;
  }
  await createProperty(run.ctx, body);
  run.created.properties++;
}

async function importUnit(run: Run, row: Row): Promise<void> {
  const propertyId = await findPropertyByName(run, row);
  const values = {
    propertyId,
    unitNumber: row.text('unitNumber'),
    bedrooms: row.number('bedrooms', 'Bedrooms'),
    bathrooms: row.number('bathrooms', 'Bathrooms'),
    squareFeet: row.number('squareFeet', 'Square feet'),
    rent: row.money('rent', 'Rent'),
    description: row.text('description') || null,
  };
  if (row.errors.length > 0) return;
  const body = row.parse(createUnitBodySchema, values, { propertyId: 'property' });
  if (!body) return;
  const [existing] = await run.ctx.tx
    .select({ id: unitsTable.id })
    .from(unitsTable)
    .where(
      and(eq(unitsTable.propertyId, body.propertyId), eq(unitsTable.unitNumber, body.unitNumber)),
    )
    .limit(1);
  if (existing) {
    run.existing.units++;
    return;
  }
  await createUnit(run.ctx, body);
  run.created.units++;
}

/** The Due day column: empty (the start date's day), 1-28, or 'last' (also 'last day', '31'). */
function readDueDay(row: Row): number | 'last' | null {
  const text = row.text('rentDueDay').toLowerCase();
  if (text === '') return null;
  if (text === 'last' || text === 'last day' || text === '31') return 'last';
  const day = Number(text);
  if (Number.isInteger(day) && day >= 1 && day <= MAX_DUE_DAY) return day;
  row.fail('rentDueDay', 'Due day must be 1-28 or last');
  return null;
}

async function importTenant(run: Run, row: Row): Promise<void> {
  const { ctx } = run;
  const propertyId = await findPropertyByName(run, row);
  if (propertyId === undefined) return;
  const unitNumber = row.text('unitNumber');
  const [unit] = await ctx.tx
    .select()
    .from(unitsTable)
    .where(and(eq(unitsTable.propertyId, propertyId), eq(unitsTable.unitNumber, unitNumber)))
    .limit(1);
  if (!unit) {
    row.fail(
      'unitNumber',
      `${row.text('property')} has no unit ${unitNumber || '(blank)'}: add it to the units sheet first`,
    );
    return;
  }
  const body = row.parse(tenantBodySchema, {
    unitId: unit.id,
    firstName: row.text('firstName'),
    lastName: row.text('lastName'),
    email: row.text('email'),
    phoneNumber: row.text('phoneNumber'),
  });
  const start = row.date('startDate', 'Lease start');
  const end = row.date('endDate', 'Lease end');
  const chargedFrom = row.date('rentChargedFrom', 'Rent charged from');
  const rent = row.money('rent', 'Rent');
  const deposit = row.money('deposit', 'Deposit');
  const received = row.money('depositReceived', 'Deposit received');
  const dueDay = readDueDay(row);
  const hasLease = Boolean(start || end || rent || deposit || received || chargedFrom);
  if (hasLease && !start) row.fail('startDate', 'Lease start is required for a lease');
  if (hasLease && !end) row.fail('endDate', 'Lease end is required for a lease');
  if (start && chargedFrom && chargedFrom < start) {
    row.fail('rentChargedFrom', 'Rent charged from cannot be before the lease start');
  }
  if (!body || row.errors.length > 0) return;

  // The same person in the same unit: by email, or by name.
  const [known] = await ctx.tx
    .select()
    .from(tenantsTable)
    .where(
      and(
        eq(tenantsTable.unitId, unit.id),
        isNull(tenantsTable.movedOutOn),
        sql`(lower(${tenantsTable.email}) = ${lower(body.email)} OR (lower(${tenantsTable.firstName}) = ${lower(body.firstName)} AND lower(${tenantsTable.lastName}) = ${lower(body.lastName)}))`,
      ),
    )
    .limit(1);
  const tenant = known ?? (await placeTenant(ctx, body));
  if (known) run.existing.tenants++;
  else run.created.tenants++;
  if (!hasLease) return;

  const [sameLease] = await ctx.tx
    .select({ id: leasesTable.id })
    .from(leasesTable)
    .where(and(eq(leasesTable.tenantId, tenant.id), eq(leasesTable.startDate, start!)))
    .limit(1);
  if (sameLease) {
    run.existing.leases++;
    return;
  }
  const leaseBody = row.parse(
    leaseBodySchema,
    {
      tenantId: tenant.id,
      startDate: start,
      endDate: end,
      rent: rent ?? fromStored(unit.rent),
      deposit: deposit ?? 0,
      status: 'Active',
      rentDueDay: dueDay,
    },
    { startDate: 'startDate', endDate: 'endDate', rentDueDay: 'rentDueDay' },
  );
  if (!leaseBody) return;
  const today = calendarDate(ctx.now, ctx.timeZone);
  // A lease that began before today was kept in earlier books: its rent is charged here from
  // today on, unless the file says from when.
  const rentChargedFrom = chargedFrom || (start! < today ? today : null);
  const lease = await createLease(ctx, leaseBody, { rentChargedFrom });
  run.created.leases++;
  if (received && received > 0) {
    await recordReceipt(ctx, {
      leaseId: lease.id,
      body: {
        amount: received,
        date: start! < today ? start! : today,
        description: 'Received before import',
      },
    });
  }
}

/** Unit rent as stored (cents) -> the API's amount. */
function fromStored(cents: number): number {
  return cents / 100;
}

async function importStaff(run: Run, row: Row): Promise<void> {
  const propertyId = await findPropertyByName(run, row);
  const body = row.parse(
    createStaffBodySchema,
    {
      propertyId,
      firstName: row.text('firstName'),
      lastName: row.text('lastName'),
      email: row.text('email'),
      phone: row.text('phone'),
      position: row.text('position'),
    },
    { propertyId: 'property' },
  );
  if (!body || row.errors.length > 0) return;
  const [existing] = await run.ctx.tx
    .select({ id: staffTable.id })
    .from(staffTable)
    .where(
      and(
        eq(staffTable.propertyId, body.propertyId),
        sql`lower(${staffTable.email}) = ${lower(body.email)}`,
      ),
    )
    .limit(1);
  if (existing) {
    run.existing.staff++;
    return;
  }
  await createStaff(run.ctx, body);
  run.created.staff++;
}

const IMPORTERS: Record<ImportKind, (run: Run, row: Row) => Promise<void>> = {
  properties: importProperty,
  units: importUnit,
  tenants: importTenant,
  staff: importStaff,
};

/**
 * Writes every row through the services the screens use (their rules and audit events hold),
 * properties first, then units, tenants with their leases, and staff. Each row runs in a
 * savepoint: a row a rule refuses is undone alone and reported, and the rows after it are still
 * checked, so one pass lists every row's errors.
 */
async function runImport(
  ctx: Context,
  sheets: PlannedSheet[],
  { isolateRows }: { isolateRows: boolean },
): Promise<ImportResult> {
  const run: Run = {
    ctx,
    created: zeroCounts(),
    existing: zeroCounts(),
    errors: [],
    propertyIds: new Map(),
  };
  for (const sheet of sheets) {
    if (sheet.kind && sheet.missing.length > 0) {
      run.errors.push({
        sheet: sheet.name,
        line: 1,
        column: '',
        message: `No column is matched to ${sheet.missing.join(', ')}`,
        value: '',
      });
    }
  }
  for (const kind of IMPORT_KINDS) {
    for (const sheet of sheets.filter((s) => s.kind === kind && s.missing.length === 0)) {
      for (let index = 1; index < sheet.data.length; index++) {
        const row = new Row(sheet, index + 1, sheet.data[index]!);
        try {
          if (isolateRows) {
            await ctx.tx.transaction((savepoint) =>
              IMPORTERS[kind]({ ...run, ctx: { ...ctx, tx: savepoint } }, row),
            );
          } else {
            await IMPORTERS[kind](run, row);
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (!isolateRows) throw new RowRefused();
          const field = Object.keys(error.errors ?? {})[0];
          row.fail(field && row.headerOf(field) ? field : '', error.message);
        }
        run.errors.push(...row.errors);
      }
    }
  }
  return {
    committed: false,
    sheets: sheets.map(({ data: _data, ...sheet }) => sheet),
    errors: run.errors,
    created: run.created,
    existing: run.existing,
  };
}

/** Thrown to undo a preview's writes; carries what the import would do. */
export class PreviewRolledBack extends Error {
  constructor(readonly result: ImportResult) {
    super('import preview');
  }
}

/** A rule refused a row during a commit: the commit is undone and the preview names every error. */
class RowRefused extends Error {
  constructor() {
    super('a row was refused');
  }
}

/**
 * What the file would do, written and then undone: the preview checks exactly what commit
 * does. Each row runs in a savepoint, so a refused row is undone alone and the rows after it
 * are still checked.
 */
export async function previewImport(ctx: Context, sheets: PlannedSheet[]): Promise<never> {
  throw new PreviewRolledBack(await runImport(ctx, sheets, { isolateRows: true }));
}

/**
 * All or nothing, without a savepoint per row (the commit of a previewed file meets no error;
 * savepoints would double its round trips). A row a rule refuses undoes the whole commit;
 * `importAllOrNothing` then runs the preview to name every error.
 */
export async function commitImport(ctx: Context, sheets: PlannedSheet[]): Promise<ImportResult> {
  const result = await runImport(ctx, sheets, { isolateRows: false });
  if (result.errors.length > 0) throw rowsInError(result);
  return { ...result, committed: true };
}

type Runner = <Input, Output>(
  service: (ctx: Context, input: Input) => Promise<Output>,
  input: Input,
) => Promise<Output>;

/** Commits the file in one transaction; any row in error: 400 naming every error, nothing written. */
export async function importAllOrNothing(
  run: Runner,
  sheets: PlannedSheet[],
): Promise<ImportResult> {
  try {
    return await run(commitImport, sheets);
  } catch (error) {
    if (!(error instanceof RowRefused)) throw error;
  }
  try {
    await run(previewImport, sheets);
  } catch (error) {
    if (error instanceof PreviewRolledBack && error.result.errors.length > 0) {
      throw rowsInError(error.result);
    }
    throw error;
  }
  throw new Error('a preview always rolls back');
}

function rowsInError(result: ImportResult): AppError {
  {
    const errors: Record<string, string[]> = {};
    for (const e of result.errors) {
      const key = `${e.sheet} line ${e.line}${e.column ? `, ${e.column}` : ''}`;
      (errors[key] ??= []).push(e.message);
    }
    const count = new Set(result.errors.map((e) => `${e.sheet}:${e.line}`)).size;
    return new AppError(
      400,
      'imports.rows_in_error',
      `${count === 1 ? '1 row has' : `${count} rows have`} errors: nothing was imported. Fix ${count === 1 ? 'it' : 'them'} and import again.`,
      errors,
    );
  }
}
