import { desc, eq, type SQL } from 'drizzle-orm';
import { daysBetween, formatDate } from '../../../shared/dates';
import { isInEffectOn, leaseState } from '../../../shared/lease-state';
import { fromCents } from '../../../shared/money';
import type { LeaseStatus } from '../../../shared/constants';
import { CATEGORY_LABELS, METHOD_LABELS, type Ledger } from '../../../shared/schemas/ledger';
import {
  PORTAL_WORK_ORDER_LIMIT,
  type LinkedPortalHome,
  type PortalHome,
  type PortalLease,
  type PortalLedgerLine,
  type PortalWorkOrder,
} from '../../../shared/schemas/portal';
import type { MaintenancePriority, WorkOrderStatus } from '../../../shared/maintenance';
import type { Database } from '../../db/client';
import type { Tenancy } from '../authz';
import { listTransactions, depositTotals } from '../deposits';
import type { DepositTransactionRow } from '../deposits';
import type { LeaseRow } from '../leases';
import { listCurrentCharges } from '../recurring-charges';
import type { RecurringChargeRow } from '../recurring-charges';
import type { RecurringChargeKind } from '../../../shared/schemas/recurring-charges';
import { ledgerOf, listEntries } from '../ledger';
import type { LedgerEntryRow } from '../ledger';
import { publicEmail, publicName, publicPhone, usersTable } from '../users';
import { workOrdersTable } from '../work-orders';

/**
 * The tenant's home (GET /api/portal/home), read from the tenant record linked to the account.
 * Only reads: every record comes from the account's own tenancy (authz), never from an id the
 * caller sent.
 */
export async function readPortalHome(
  db: Database,
  /** The landlord's calendar day: which lease is current. */
  today: string,
  account: {
    /** The account's tenancy, its leases and the work orders it may see (modules/authz). */
    tenancy: Tenancy;
    leases: LeaseRow[];
    visible: SQL | undefined;
  },
): Promise<PortalHome> {
  const { tenancy } = account;
  const { tenant, unit, property } = tenancy;
  const lease = currentOrLatest(account.leases, today);
  const rows = lease ? await listEntries(db, lease) : [];
  const ledger = lease ? ledgerOf(lease.id, rows) : undefined;
  return {
    linked: true,
    tenant: {
      id: tenant.id,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      email: tenant.email,
      phoneNumber: tenant.phoneNumber,
      movedOut: tenant.movedOutOn !== null,
    },
    unit: {
      id: unit.id,
      unitNumber: unit.unitNumber,
      bedrooms: unit.bedrooms,
      bathrooms: unit.bathrooms,
      squareFeet: unit.squareFeet,
    },
    property: {
      id: property.id,
      name: property.name,
      address: property.address,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
    },
    landlord: await ownerContact(db, property.userId),
    lease: lease
      ? toPortalLease(
          lease,
          today,
          await listTransactions(db, lease),
          await listCurrentCharges(db, lease, today),
        )
      : null,
    balance: ledger?.balance ?? 0,
    ledger: ledger ? toLines(ledger, rows) : [],
    workOrders: await listWorkOrdersOfTenancy(db, account.visible),
  };
}

const stateOn = (lease: LeaseRow, today: string) =>
  leaseState({ ...lease, status: lease.status as LeaseStatus }, today);

/** The lease running today; else the latest one (by start date), which may be upcoming or past. */
export function currentOrLatest(leases: LeaseRow[], today: string): LeaseRow | undefined {
  const latestFirst = [...leases].sort((a, b) =>
    a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : b.id - a.id,
  );
  const current = latestFirst.find((lease) =>
    isInEffectOn({ ...lease, status: lease.status as LeaseStatus }, today),
  );
  return current ?? latestFirst[0];
}

function toPortalLease(
  lease: LeaseRow,
  today: string,
  deposits: DepositTransactionRow[],
  charges: RecurringChargeRow[],
): PortalLease {
  const state = stateOn(lease, today);
  const deposit = depositTotals(deposits);
  const ended = state === 'expired' || state === 'ended_early';
  return {
    id: lease.id,
    startDate: lease.startDate,
    endDate: lease.endDate,
    rent: fromCents(lease.rent),
    deposit: fromCents(lease.deposit),
    depositReceived: fromCents(deposit.received),
    depositSettled: fromCents(deposit.settled),
    depositHeld: fromCents(deposit.held),
    status: lease.status as LeaseStatus,
    state,
    daysLeft: ended ? 0 : Math.max(0, daysBetween(today, lease.endedOn ?? lease.endDate)),
    recurringCharges: charges.map((charge) => ({
      kind: charge.kind as RecurringChargeKind,
      description: charge.description,
      amount: fromCents(charge.amount),
      startDate: charge.startDate,
      endDate: charge.endDate,
    })),
  };
}

const KIND_WORDS: Record<string, string> = {
  charge: 'the charge',
  payment: 'the payment',
  credit: 'the credit',
  reversal: 'the reversal',
};

/**
 * Words a tenant reads for an entry. A charge or credit shows its description; a payment its
 * method and reference (its note is the landlord's own, so it is not shown); a reversal names
 * what it undoes and why.
 */
function describe(row: LedgerEntryRow, byId: Map<number, LedgerEntryRow>): string {
  switch (row.kind) {
    case 'payment': {
      const method = METHOD_LABELS[row.method as keyof typeof METHOD_LABELS] ?? 'Other';
      return row.reference ? `Payment, ${method} ${row.reference}` : `Payment, ${method}`;
    }
    case 'reversal': {
      const undone = row.reversesId === null ? undefined : byId.get(row.reversesId);
      const what = undone
        ? `Undoes ${KIND_WORDS[undone.kind] ?? 'the entry'} of ${formatDate(undone.entryDate)}`
        : 'Undoes an earlier entry';
      return row.description ? `${what}: ${row.description}` : what;
    }
    default:
      return (
        row.description ??
        CATEGORY_LABELS[row.category as keyof typeof CATEGORY_LABELS] ??
        (row.kind === 'credit' ? 'Credit' : 'Charge')
      );
  }
}

/** The ledger module's entries and running balance, in the tenant's words, oldest first. */
function toLines(ledger: Ledger, rows: LedgerEntryRow[]): PortalLedgerLine[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ledger.entries.map((entry) => ({
    id: entry.id,
    date: entry.entryDate,
    kind: entry.kind,
    description: describe(byId.get(entry.id)!, byId),
    amount: entry.delta,
    runningBalance: entry.runningBalance,
  }));
}

/** The property owner's public contact (docs/product.md section 12): hidden details are null. */
async function ownerContact(db: Database, ownerId: number): Promise<LinkedPortalHome['landlord']> {
  const [row] = await db
    .select({
      userName: usersTable.userName,
      name: publicName,
      email: publicEmail,
      phone: publicPhone,
      paymentInstructions: usersTable.paymentInstructions,
    })
    .from(usersTable)
    .where(eq(usersTable.id, ownerId))
    .limit(1);
  // properties.user_id is a restricting foreign key: the owner is always there.
  return row!;
}

async function listWorkOrdersOfTenancy(
  db: Database,
  visible: SQL | undefined,
): Promise<PortalWorkOrder[]> {
  const w = workOrdersTable;
  const rows = await db
    .select({
      id: w.id,
      title: w.title,
      status: w.status,
      priority: w.priority,
      filedAt: w.filedAt,
    })
    .from(w)
    .where(visible)
    .orderBy(desc(w.filedAt), desc(w.id))
    .limit(PORTAL_WORK_ORDER_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status as WorkOrderStatus,
    priority: row.priority as MaintenancePriority,
    createdAt: row.filedAt.toISOString(),
  }));
}
