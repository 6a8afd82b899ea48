import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isRealDate, calendarDate } from '../../../shared/dates';
import { toCents } from '../../../shared/money';
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
  type ImportProgress,
  type ImportResult,
  type ImportRowError,
  type ImportSheet,
} from '../../../shared/schemas/imports';
import { leaseBodySchema, type LeaseBody } from '../../../shared/schemas/leases';
import {
  createPropertyBodySchema,
  type CreatePropertyBody,
} from '../../../shared/schemas/properties';
import { MAX_DUE_DAY } from '../../../shared/rent-periods';
import { createStaffBodySchema } from '../../../shared/schemas/staff';
import { tenantBodySchema, type TenantBody } from '../../../shared/schemas/tenants';
import { createUnitBodySchema, type CreateUnitBody } from '../../../shared/schemas/units';
import type { Context } from '../../context';
import { anyOf } from '../../db/batches';
import { AppError, badRequest } from '../../http/errors';
import { managedPropertiesFilter } from '../authz';
import { overAgreed, recordReceiptsOnNewLeases } from '../deposits';
import {
  listLeasesOfTenants,
  createLeasesInBatch,
  overlapConflict,
  overlappingActiveLease,
} from '../leases';
import type { LeaseRow } from '../leases';
import type { PropertyValues } from '../properties';
import { createPropertiesInBatch, propertiesTable } from '../properties';
import { createStaff, staffTable } from '../staff';
import { placeTenantsInBatch, UNIT_NOT_AVAILABLE, tenantsTable } from '../tenants';
import { createUnitsInBatch, unitsTable, type UnitRow } from '../units';
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
  /** Ids of the actor's properties by lower-cased name, read once per name. */
  propertyIds: Map<string, number[]>;
  progress: (phase: 'checking' | 'writing', rows: number) => void;
}

/**
 * Reads the properties a sheet's rows name, in one query: the many rows of a sheet name few
 * properties. Properties are imported before any sheet that names them.
 */
async function loadProperties(run: Run, sheet: PlannedSheet): Promise<void> {
  const index = sheet.headers.findIndex((h) => sheet.mapping[h] === 'property');
  if (index < 0) return;
  const names = [...new Set(sheet.data.slice(1).map((cells) => lower(cells[index] ?? '')))].filter(
    (name) => name && !run.propertyIds.has(name),
  );
  if (names.length === 0) return;
  const found = await run.ctx.tx
    .select({ id: propertiesTable.id, name: propertiesTable.name })
    .from(propertiesTable)
    .where(
      and(
        managedPropertiesFilter(run.ctx.actor),
        inArray(sql`lower(${propertiesTable.name})`, names),
      ),
    )
    .orderBy(propertiesTable.id);
  for (const name of names) run.propertyIds.set(name, []);
  for (const row of found) run.propertyIds.get(lower(row.name))?.push(row.id);
}

function findPropertyByName(run: Run, row: Row): number | undefined {
  const name = row.text('property');
  if (!name) return undefined;
  const found = run.propertyIds.get(lower(name)) ?? [];
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
  return found[0];
}

/** The rows of a sheet under its header, each with its line in the file. */
function rowsOf(sheet: PlannedSheet): Row[] {
  return sheet.data.slice(1).map((cells, index) => new Row(sheet, index + 2, cells));
}

const unitKey = (propertyId: number, unitNumber: string) => `${propertyId}\u0000${unitNumber}`;

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

async function importProperties(run: Run, sheet: PlannedSheet): Promise<void> {
  const valid: CreatePropertyBody[] = [];
  for (const row of rowsOf(sheet)) {
    const body = row.parse(createPropertyBodySchema, {
      name: row.text('name'),
      address: row.text('address'),
      city: row.text('city'),
      state: row.text('state'),
      zipCode: row.text('zipCode'),
      description: row.text('description') || null,
    });
    if (body && row.errors.length === 0) valid.push(body);
    run.errors.push(...row.errors);
  }
  run.progress('checking', sheet.rows);
  const names = [...new Set(valid.map((body) => lower(body.name)))];
  const known = names.length
    ? await run.ctx.tx
        .select({ name: propertiesTable.name, address: propertiesTable.address })
        .from(propertiesTable)
        .where(
          and(
            managedPropertiesFilter(run.ctx.actor),
            inArray(sql`lower(${propertiesTable.name})`, names),
          ),
        )
    : [];
  // The same name and address: already here (or earlier in the file).
  const here = new Set(known.map((p) => `${lower(p.name)}\u0000${lower(p.address)}`));
  const created: PropertyValues[] = [];
  for (const { userId: _owner, ...body } of valid) {
    const key = `${lower(body.name)}\u0000${lower(body.address)}`;
    if (here.has(key)) {
      run.existing.properties++;
      continue;
    }
    here.add(key);
    created.push(body);
  }
  await createPropertiesInBatch(run.ctx, created);
  run.created.properties += created.length;
  run.progress('writing', sheet.rows);
}

async function importUnits(run: Run, sheet: PlannedSheet): Promise<void> {
  await loadProperties(run, sheet);
  const valid: CreateUnitBody[] = [];
  for (const row of rowsOf(sheet)) {
    const propertyId = findPropertyByName(run, row);
    const values = {
      propertyId,
      unitNumber: row.text('unitNumber'),
      bedrooms: row.number('bedrooms', 'Bedrooms'),
      bathrooms: row.number('bathrooms', 'Bathrooms'),
      squareFeet: row.number('squareFeet', 'Square feet'),
      rent: row.money('rent', 'Rent'),
      description: row.text('description') || null,
    };
    const body =
      row.errors.length === 0
        ? row.parse(createUnitBodySchema, values, { propertyId: 'property' })
        : undefined;
    if (body) valid.push(body);
    run.errors.push(...row.errors);
  }
  run.progress('checking', sheet.rows);
  const known = valid.length
    ? await run.ctx.tx
        .select({ propertyId: unitsTable.propertyId, unitNumber: unitsTable.unitNumber })
        .from(unitsTable)
        .where(
          and(
            anyOf(unitsTable.propertyId, [...new Set(valid.map((b) => b.propertyId))]),
            anyOf(unitsTable.unitNumber, [...new Set(valid.map((b) => b.unitNumber))]),
          ),
        )
    : [];
  const here = new Set(known.map((u) => unitKey(u.propertyId, u.unitNumber)));
  const created: CreateUnitBody[] = [];
  for (const body of valid) {
    const key = unitKey(body.propertyId, body.unitNumber);
    if (here.has(key)) {
      run.existing.units++;
      continue;
    }
    here.add(key);
    created.push(body);
  }
  await createUnitsInBatch(run.ctx, created);
  run.created.units += created.length;
  run.progress('writing', sheet.rows);
}

/** A tenant of a unit as the import sees it: one already here, or one this file places. */
interface Occupant {
  id?: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Their leases, as the overlap rule reads them. */
  leases: Pick<LeaseRow, 'status' | 'startDate' | 'endDate'>[];
}

/** What the tenants sheet already finds here: the units it names, their tenants and leases. */
async function loadTenancies(run: Run, rows: Row[]) {
  const { tx } = run.ctx;
  const propertyIds = new Set<number>();
  const unitNumbers = new Set<string>();
  for (const row of rows) {
    const found = run.propertyIds.get(lower(row.text('property'))) ?? [];
    if (found.length === 1) propertyIds.add(found[0]!);
    unitNumbers.add(row.text('unitNumber'));
  }
  const units = new Map<string, UnitRow>();
  if (propertyIds.size > 0) {
    const found = await tx
      .select()
      .from(unitsTable)
      .where(
        and(
          anyOf(unitsTable.propertyId, [...propertyIds]),
          anyOf(unitsTable.unitNumber, [...unitNumbers]),
        ),
      );
    for (const unit of found) units.set(unitKey(unit.propertyId, unit.unitNumber), { ...unit });
  }
  const occupants = new Map<number, Occupant[]>();
  const unitIds = [...units.values()].map((unit) => unit.id);
  if (unitIds.length > 0) {
    const tenants = await tx
      .select()
      .from(tenantsTable)
      .where(and(anyOf(tenantsTable.unitId, unitIds), isNull(tenantsTable.movedOutOn)))
      .orderBy(tenantsTable.id);
    const byId = new Map<number, Occupant>();
    for (const tenant of tenants) {
      const occupant: Occupant = { ...tenant, leases: [] };
      byId.set(tenant.id, occupant);
      occupants.set(tenant.unitId, [...(occupants.get(tenant.unitId) ?? []), occupant]);
    }
    for (const lease of await listLeasesOfTenants(tx, [...byId.keys()])) {
      byId.get(lease.tenantId)?.leases.push(lease);
    }
  }
  return { units, occupants };
}

/**
 * Tenants with their leases and deposits received. Every row is checked first, in file order,
 * against what is here and what the rows before it add (the rules of the tenants, leases and
 * deposits services: an Available unit, no overlapping Active lease, no more received than
 * agreed); a row in error adds nothing. Then the services write the rest in batches.
 */
async function importTenants(run: Run, sheet: PlannedSheet): Promise<void> {
  const { ctx } = run;
  await loadProperties(run, sheet);
  const rows = rowsOf(sheet);
  const { units, occupants } = await loadTenancies(run, rows);
  const today = calendarDate(ctx.now, ctx.timeZone);
  const placements: { body: TenantBody; occupant: Occupant }[] = [];
  const leases: { occupant: Occupant; body: LeaseBody; rentChargedFrom: string | null }[] = [];
  const receipts: { lease: number; amount: number; date: string }[] = [];
  for (const row of rows) {
    checkTenantRow(row);
    run.errors.push(...row.errors);
  }
  run.progress('checking', sheet.rows);

  function checkTenantRow(row: Row): void {
    const propertyId = findPropertyByName(run, row);
    if (propertyId === undefined) return;
    const unitNumber = row.text('unitNumber');
    const unit = units.get(unitKey(propertyId, unitNumber));
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
    const inUnit = occupants.get(unit.id) ?? [];
    const known = inUnit.find(
      (t) =>
        lower(t.email) === lower(body.email) ||
        (lower(t.firstName) === lower(body.firstName) &&
          lower(t.lastName) === lower(body.lastName)),
    );
    // A new tenant is placed only on an Available unit (the tenants service's rule).
    if (!known && unit.status !== 'Available') {
      row.fail('', UNIT_NOT_AVAILABLE);
      return;
    }
    const occupant: Occupant = known ?? { ...body, leases: [] };
    let lease: (typeof leases)[number] | undefined;
    let receipt: (typeof receipts)[number] | undefined;
    if (hasLease && occupant.leases.some((l) => l.startDate === start)) {
      run.existing.leases++;
    } else if (hasLease) {
      const leaseBody = row.parse(
        leaseBodySchema,
        {
          // A new tenant's id is known once written; the schema checks only that it is one.
          tenantId: occupant.id ?? 1,
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
      const other = overlappingActiveLease(occupant.leases, leaseBody);
      if (other) {
        row.fail('', overlapConflict(other).message);
        return;
      }
      // A lease that began before today was kept in earlier books: its rent is charged here
      // from today on, unless the file says from when.
      lease = {
        occupant,
        body: leaseBody,
        rentChargedFrom: chargedFrom || (start! < today ? today : null),
      };
      if (received && received > 0) {
        if (toCents(received) > toCents(leaseBody.deposit)) {
          row.fail('', overAgreed(toCents(leaseBody.deposit)).message);
          return;
        }
        receipt = { lease: leases.length, amount: received, date: start! < today ? start! : today };
      }
    }
    // The row holds: what it adds is kept for the rows after it.
    if (known) run.existing.tenants++;
    else {
      run.created.tenants++;
      unit.status = 'Rented';
      occupants.set(unit.id, [...inUnit, occupant]);
      placements.push({ body, occupant });
    }
    if (lease) {
      occupant.leases.push({
        status: 'Active',
        startDate: lease.body.startDate,
        endDate: lease.body.endDate,
      });
      leases.push(lease);
      run.created.leases++;
    }
    if (receipt) receipts.push(receipt);
  }

  const placed = await placeTenantsInBatch(
    ctx,
    placements.map((p) => p.body),
  );
  placements.forEach((p, index) => (p.occupant.id = placed[index]!.id));
  const written = await createLeasesInBatch(
    ctx,
    leases.map(({ occupant, body, rentChargedFrom }) => ({
      tenantId: occupant.id!,
      body: { ...body, tenantId: occupant.id! },
      rentChargedFrom,
    })),
  );
  await recordReceiptsOnNewLeases(
    ctx,
    receipts.map((r) => ({
      lease: written[r.lease]!,
      body: { amount: r.amount, date: r.date, description: 'Received before import' },
    })),
  );
  run.progress('writing', sheet.rows);
}

/** Unit rent as stored (cents) -> the API's amount. */
function fromStored(cents: number): number {
  return cents / 100;
}

/** Staff sheets are short (a few per property): each row goes through the staff service. */
async function importStaffRow(run: Run, row: Row): Promise<void> {
  const propertyId = findPropertyByName(run, row);
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

/** Each staff row in a savepoint in a preview: a row the staff service refuses is undone alone. */
async function importStaff(run: Run, sheet: PlannedSheet, isolateRows: boolean): Promise<void> {
  await loadProperties(run, sheet);
  for (const row of rowsOf(sheet)) {
    try {
      if (isolateRows) {
        await run.ctx.tx.transaction((savepoint) =>
          importStaffRow({ ...run, ctx: { ...run.ctx, tx: savepoint } }, row),
        );
      } else {
        await importStaffRow(run, row);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const field = Object.keys(error.errors ?? {})[0];
      row.fail(field && row.headerOf(field) ? field : '', error.message);
    }
    run.errors.push(...row.errors);
  }
  run.progress('checking', sheet.rows);
  run.progress('writing', sheet.rows);
}

/**
 * Properties first, then units, tenants with their leases, and staff. Each sheet's rows are
 * checked in file order against what is here (read in a few queries) and what the rows
 * before them add, so one pass lists every row's errors; then the owning services write the
 * rows that hold in batches (multi-row inserts, one audit event per record).
 */
async function runImport(
  ctx: Context,
  sheets: PlannedSheet[],
  { isolateRows, onProgress }: { isolateRows: boolean; onProgress?: (p: ImportProgress) => void },
): Promise<ImportResult> {
  const imported = sheets.filter((s) => s.kind && s.missing.length === 0);
  const total = imported.reduce((sum, s) => sum + s.rows, 0);
  const done = { checking: 0, writing: 0 };
  const run: Run = {
    ctx,
    created: zeroCounts(),
    existing: zeroCounts(),
    errors: [],
    propertyIds: new Map(),
    progress: (phase, rows) => {
      done[phase] += rows;
      onProgress?.({ phase, done: done[phase], total });
    },
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
    for (const sheet of imported.filter((s) => s.kind === kind)) {
      if (kind === 'properties') await importProperties(run, sheet);
      else if (kind === 'units') await importUnits(run, sheet);
      else if (kind === 'tenants') await importTenants(run, sheet);
      else await importStaff(run, sheet, isolateRows);
    }
  }
  onProgress?.({ phase: 'done', done: total, total });
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

/** What an import is given: the planned sheets, and who hears of its progress. */
export interface ImportInput {
  sheets: PlannedSheet[];
  onProgress?: (progress: ImportProgress) => void;
}

const inputOf = (input: PlannedSheet[] | ImportInput): ImportInput =>
  Array.isArray(input) ? { sheets: input } : input;

/**
 * What the file would do, written and then undone: the preview checks exactly what commit
 * does, and names every row's errors.
 */
export async function previewImport(
  ctx: Context,
  input: PlannedSheet[] | ImportInput,
): Promise<never> {
  const { sheets, onProgress } = inputOf(input);
  throw new PreviewRolledBack(await runImport(ctx, sheets, { isolateRows: true, onProgress }));
}

/**
 * All or nothing, in the caller's one transaction: any row in error and the whole commit is
 * undone with a 400 naming every error (the same list a preview gives).
 */
export async function commitImport(
  ctx: Context,
  input: PlannedSheet[] | ImportInput,
): Promise<ImportResult> {
  const { sheets, onProgress } = inputOf(input);
  const result = await runImport(ctx, sheets, { isolateRows: false, onProgress });
  if (result.errors.length > 0) throw rowsInError(result);
  return { ...result, committed: true };
}

type Runner = <Input, Output>(
  service: (ctx: Context, input: Input) => Promise<Output>,
  input: Input,
) => Promise<Output>;

/** Commits the file in one transaction; any row in error: 400 naming every error, nothing written. */
export function importAllOrNothing(
  run: Runner,
  sheets: PlannedSheet[],
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportResult> {
  return run(commitImport, { sheets, onProgress });
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
