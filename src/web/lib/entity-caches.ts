/*
 * The rule for the web's caches: a screen's query key is listed here under every kind of
 * record it shows, and a mutation declares only the kinds it changes (`changes: ['ledger']`).
 * The screens to refresh follow from this one map, so a write cannot forget a page that shows
 * what it changed, and a new screen is added here once (entity-caches.test.ts fails until it is).
 */
import {
  hashKey,
  partialMatchKey,
  useMutation,
  useQueryClient,
  type DefaultError,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { queryKeys as k } from './query-keys';

/** Every kind of record a mutation can change. */
export type Entity =
  | 'property'
  | 'unit'
  | 'tenant'
  | 'lease'
  | 'ledger'
  | 'deposit'
  | 'recurringCharge'
  | 'workOrder'
  | 'staff'
  | 'application'
  | 'invitation'
  | 'notification'
  | 'notificationPreference'
  | 'user'
  | 'vendor'
  | 'expense'
  | 'recurringExpense'
  | 'bankLine'
  | 'member';

/** The queries that show each kind of record (by key prefix: a prefix covers its lists and pages). */
export const keysShowing: Record<Entity, readonly QueryKey[]> = {
  property: [
    k.properties.all,
    k.units.all,
    k.tenants.all,
    k.leases.all,
    k.staff.all,
    k.applications.all,
    k.workOrders.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
    k.search.all,
    k.deletionPreview.all,
  ],
  unit: [
    k.units.all,
    k.properties.all,
    k.tenants.all,
    k.leases.all,
    k.applications.all,
    k.workOrders.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
    k.search.all,
    k.deletionPreview.all,
  ],
  // A tenant's placement sets the unit's status and the property's occupancy.
  tenant: [
    k.tenants.all,
    k.units.all,
    k.properties.all,
    k.leases.all,
    k.applications.all,
    k.deposits.all,
    k.workOrders.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
    k.search.all,
    k.deletionPreview.all,
  ],
  lease: [
    k.leases.all,
    k.units.all,
    k.properties.all,
    k.tenants.all,
    k.ledger.all,
    k.recurringCharges.all,
    k.deposits.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
    k.deletionPreview.all,
  ],
  // Balances show on the lease (and its posting preview), the pages, the reports and the tenant's home.
  ledger: [
    k.ledger.all,
    k.bank.all,
    k.leases.all,
    k.deposits.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
  ],
  deposit: [
    k.deposits.all,
    k.ledger.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
  ],
  recurringCharge: [
    k.recurringCharges.all,
    k.leases.all,
    k.money.all,
    k.overview.all,
    k.dashboard.all,
  ],
  // The landlord's books: an expense shows in the reports (under money), the dashboard's books,
  // its vendor's count, its work order ('Expense #N') and the bank's suggestions.
  expense: [
    k.expenses.all,
    k.vendors.all,
    k.workOrders.all,
    k.money.all,
    k.dashboard.all,
    k.bank.all,
  ],
  vendor: [k.vendors.all, k.expenses.all, k.recurringExpenses.all, k.workOrders.all, k.money.all],
  recurringExpense: [k.recurringExpenses.all, k.expenses.all, k.money.all, k.dashboard.all],
  // A bank line, its matches and the month's reconciliation.
  bankLine: [k.bank.all],
  // A work order's events also notify the people concerned (the bell).
  workOrder: [
    k.workOrders.all,
    k.workerQueue.all,
    k.portal.all,
    k.overview.all,
    k.dashboard.all,
    k.notifications.all,
  ],
  staff: [
    k.staff.all,
    k.properties.all,
    k.workOrders.all,
    k.workerQueue.all,
    k.invitations.all,
    k.overview.all,
    k.dashboard.all,
    k.search.all,
    k.deletionPreview.all,
  ],
  application: [k.applications.all, k.dashboard.all, k.notifications.all],
  // A record's invitations show on it and in its history (keys under the record's own prefix).
  invitation: [k.invitations.all, k.tenants.all, k.staff.all, k.adminMail.all],
  notification: [k.notifications.all],
  // A member's role and properties decide what the whole organisation's screens show them.
  member: [k.team.all, k.memberInvitations.all, k.me],
  notificationPreference: [k.notificationPreferences],
  // An account: its roles, contact details and settings, shown to its landlord's tenants too.
  user: [
    k.me,
    k.team.all,
    k.users.all,
    k.accounts.all,
    k.features,
    k.passwordResets.all,
    k.adminMail.all,
    k.properties.all,
    k.workOrders.all,
    k.workerQueue.all,
    k.overview.all,
    k.dashboard.all,
    k.portal.all,
  ],
};

export const ENTITIES = Object.keys(keysShowing) as Entity[];

/** Whether a query shows any of the changed kinds of record. */
export function showsAny(queryKey: QueryKey, changes: readonly Entity[]): boolean {
  return changes.some((entity) =>
    keysShowing[entity].some((prefix) => partialMatchKey(queryKey, prefix)),
  );
}

export interface RefreshOptions {
  /** A key whose data the mutation's answer just replaced whole: it needs no new read. */
  except?: QueryKey | undefined;
  /** 'none' marks the queries stale without reading them now (a screen reading its results). */
  refetchType?: 'active' | 'none';
}

/** Marks every query showing the changed records stale; the ones on screen are read again. */
export function refreshShowing(
  client: QueryClient,
  changes: readonly Entity[],
  { except, refetchType = 'active' }: RefreshOptions = {},
): Promise<void> {
  const answered = except === undefined ? undefined : hashKey(except);
  return client.invalidateQueries({
    predicate: (query) => query.queryHash !== answered && showsAny(query.queryKey, changes),
    refetchType,
  });
}

export type ChangingMutationOptions<TData, TError, TVariables, TContext> = UseMutationOptions<
  TData,
  TError,
  TVariables,
  TContext
> & {
  /** The kinds of record this write changes. */
  changes: readonly Entity[];
  /** The key the answer replaces whole (set at once, not read again). */
  answers?: (data: TData, variables: TVariables) => QueryKey;
  /** 'settled': a refusal also means the screen is out of date (the record moved meanwhile). */
  refreshOn?: 'success' | 'settled';
};

/** useMutation that refreshes every screen showing what it changes. */
export function useChangingMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>({
  changes,
  answers,
  refreshOn = 'success',
  ...options
}: ChangingMutationOptions<TData, TError, TVariables, TContext>) {
  const client = useQueryClient();
  return useMutation<TData, TError, TVariables, TContext>({
    ...options,
    onSuccess: async (...args) => {
      const [data, variables] = args;
      const except = answers?.(data, variables);
      if (except !== undefined) client.setQueryData(except, data);
      await options.onSuccess?.(...args);
      await refreshShowing(client, changes, { except });
    },
    onError: async (...args) => {
      await options.onError?.(...args);
      if (refreshOn === 'settled') await refreshShowing(client, changes);
    },
  });
}
