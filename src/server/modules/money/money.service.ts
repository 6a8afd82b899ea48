import type { Actor, Context } from '../../context';
import { addDays, calendarDate } from '../../../shared/dates';
import { cents, fromCents } from '../../../shared/money';
import type {
  ArrearsResponse,
  MoneySummary,
  RentRollRow,
  RentRollSortKey,
  Statement,
} from '../../../shared/schemas/money-reports';
import type { SortOrder } from '../../../shared/schemas/paging';
import { dueDateAt } from '../../../shared/rent-periods';
import { badRequest, notFound } from '../../http/errors';
import { findManagedLease, scopeFor } from '../authz';
import { organisationIdOf } from '../../scope';
import { requireManagedFilters } from '../properties';
import { entryTitle } from '../../../shared/ledger-words';
import type { LedgerEntry } from '../../../shared/schemas/ledger';
import { getLedger, toLedgerEntry } from '../ledger';
import * as money from './money.repository';
import type { Scope } from './money.scope';
import { readRentRoll } from './rent-roll.repository';
import * as statements from './statement.repository';

/**
 * The caller's properties (their scope, scopeFor): all of them for an Admin, else their
 * organisation's (a limited member's own few); optionally one.
 */
export function scopeOf(actor: Actor, propertyId?: number): Scope {
  const scope = scopeFor(actor);
  return {
    organisationId: organisationIdOf(scope),
    propertyIds: scope.kind === 'organisation' ? scope.propertyIds : null,
    propertyId,
  };
}

const todayOf = (ctx: Pick<Context, 'now' | 'timeZone'>) => calendarDate(ctx.now, ctx.timeZone);

export interface RentRollInput {
  q?: string | undefined;
  propertyId?: number | undefined;
  sort?: RentRollSortKey | undefined;
  order: SortOrder;
  limit: number;
  offset: number;
}

export async function getRentRoll(
  ctx: Context,
  input: RentRollInput,
): Promise<{ rows: RentRollRow[]; total: number }> {
  // Filtering by another landlord's property answers 404, as the property itself would.
  await requireManagedFilters(ctx, input);
  return readRentRoll(ctx.tx, {
    ...input,
    scope: scopeOf(ctx.actor, input.propertyId),
    today: todayOf(ctx),
  });
}

export interface ArrearsInput extends Omit<RentRollInput, 'sort'> {
  asOf?: string | undefined;
  sort?: money.ArrearsOptions['sort'];
}

export async function getArrears(ctx: Context, input: ArrearsInput): Promise<ArrearsResponse> {
  await requireManagedFilters(ctx, input);
  return money.readArrears(ctx.tx, {
    ...input,
    scope: scopeOf(ctx.actor, input.propertyId),
    asOf: input.asOf ?? todayOf(ctx),
  });
}

/** First and last day of the month `k` months after the month of `date`. */
function monthAt(date: string, k: number): { period: string; first: string; last: string } {
  const first = dueDateAt(`${date.slice(0, 7)}-01`, k);
  const last = addDays(dueDateAt(first, 1), -1);
  return { period: first.slice(0, 7), first, last };
}

export async function getMoneySummary(
  ctx: Context,
  input: { months: number; propertyId?: number | undefined },
): Promise<MoneySummary> {
  await requireManagedFilters(ctx, input);
  const scope = scopeOf(ctx.actor, input.propertyId);
  const today = todayOf(ctx);
  const thisMonth = monthAt(today, 0);
  const next = monthAt(today, 1);
  const oldest = monthAt(today, 1 - input.months);
  const figures = await money.readSummary(ctx.tx, scope, {
    today,
    first: oldest.first,
    month: { ...thisMonth, nextFirst: next.first, nextLast: next.last },
  });
  const { overdue, tenantsInArrears, unposted } = figures;
  const byMonth = new Map(figures.months.map((month) => [month.month, month]));
  const series = Array.from({ length: input.months }, (_, i) => {
    const { period } = monthAt(today, i + 1 - input.months);
    const month = byMonth.get(period);
    // This month also expects the rent its due dates have not posted yet.
    const extra = period === thisMonth.period ? unposted : 0;
    return {
      month: period,
      expected: fromCents(cents((month?.expected ?? 0) + extra)),
      collected: fromCents(month?.collected ?? cents(0)),
    };
  });
  const current = series[series.length - 1]!;
  return {
    today,
    month: thisMonth.period,
    expected: current.expected,
    collected: current.collected,
    overdue: fromCents(overdue),
    tenantsInArrears,
    series,
  };
}

export async function getStatement(
  ctx: Context,
  { leaseId, from, to }: { leaseId: number; from?: string | undefined; to?: string | undefined },
): Promise<Statement> {
  const lease = await findManagedLease(ctx.tx, ctx.actor, leaseId);
  if (!lease) throw notFound('leases.not_found', 'Lease not found');
  const end = to ?? todayOf(ctx);
  const start = from ?? `${end.slice(0, 7)}-01`;
  if (start > end) {
    throw badRequest('money.statement_range', 'From must be on or before To', 'from');
  }
  const tenancy = await statements.findTenancyOfLease(ctx.tx, lease);
  if (!tenancy) throw notFound('leases.not_found', 'Lease not found');
  const opening = await statements.balanceBefore(ctx.tx, lease, start);
  const rows = await statements.entriesBetween(ctx.tx, lease, { from: start, to: end });
  let running: number = opening;
  let charged = 0;
  let paid = 0;
  const entries = rows.map((row) => {
    running += row.delta;
    if (row.delta > 0) charged += row.delta;
    else paid -= row.delta;
    // A statement's line leaves out the period and the time of recording.
    const { period: _period, createdAt: _createdAt, ...entry } = toLedgerEntry(row);
    return { ...entry, runningBalance: fromCents(cents(running)) };
  });
  const { tenant, unit, property } = tenancy;
  return {
    from: start,
    to: end,
    lease: {
      id: lease.id,
      status: lease.status as Statement['lease']['status'],
      startDate: lease.startDate,
      endDate: lease.endDate,
      rent: fromCents(lease.rent),
    },
    tenant: {
      id: tenant.id,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      email: tenant.email,
      phoneNumber: tenant.phoneNumber,
    },
    unit: { id: unit.id, unitNumber: unit.unitNumber },
    property: {
      id: property.id,
      name: property.name,
      address: property.address,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
    },
    openingBalance: fromCents(opening),
    entries,
    charged: fromCents(cents(charged)),
    paid: fromCents(cents(paid)),
    closingBalance: fromCents(cents(running)),
  };
}

/** A ledger entry as a line of the lease's CSV download. */
export interface LedgerCsvRow extends LedgerEntry {
  /** 'Rent', 'Payment (Check)', 'Reversal of payment': as the ledger screen says. */
  title: string;
  /** The day it was recorded, in the landlord's calendar. */
  recordedOn: string;
}

/** The lease's ledger (its manager's or an Admin's; else 404), as the CSV's lines. */
export async function getLedgerRows(ctx: Context, leaseId: number): Promise<LedgerCsvRow[]> {
  const { entries } = await getLedger(ctx, leaseId);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return entries.map((entry) => ({
    ...entry,
    title: entryTitle(entry, entry.reversesId === null ? undefined : byId.get(entry.reversesId)),
    recordedOn: calendarDate(new Date(entry.createdAt), ctx.timeZone),
  }));
}
