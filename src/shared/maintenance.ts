/**
 * The rules of maintenance work that the server and the screens share: categories,
 * priorities, the statuses of a work order and which status may follow which, and the
 * response targets that make a request overdue. Pure: no clock, no database.
 */

export const MAINTENANCE_CATEGORIES = [
  'Plumbing',
  'Electrical',
  'Heating/Cooling',
  'Appliance',
  'Pest',
  'Other',
] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];

export const MAINTENANCE_PRIORITIES = ['Emergency', 'Urgent', 'Routine'] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];

export const WORK_ORDER_STATUSES = [
  'New',
  'Assigned',
  'In progress',
  'Waiting',
  'Done',
  'Closed',
  'Cancelled',
] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Statuses in which someone still has to act. */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = [
  'New',
  'Assigned',
  'In progress',
  'Waiting',
];

/**
 * Which status may follow which. A new request is triaged (Assigned) or cancelled with a
 * reason; work goes on, may wait for parts or access, and is done; the landlord closes it,
 * or reopens it when it was not fixed. Closed and Cancelled are final.
 */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> =
  {
    New: ['Assigned', 'Cancelled'],
    Assigned: ['In progress', 'Waiting', 'Cancelled'],
    'In progress': ['Waiting', 'Done', 'Cancelled'],
    Waiting: ['In progress', 'Cancelled'],
    Done: ['Closed', 'In progress'],
    Closed: [],
    Cancelled: [],
  };

/** The moves the assigned worker may make; everything else is the landlord's decision. */
export const WORKER_TRANSITIONS: Readonly<
  Partial<Record<WorkOrderStatus, readonly WorkOrderStatus[]>>
> = {
  Assigned: ['In progress', 'Waiting'],
  'In progress': ['Waiting', 'Done'],
  Waiting: ['In progress'],
};

export type WorkOrderRole = 'manager' | 'worker';

export function canTransition(
  from: WorkOrderStatus,
  to: WorkOrderStatus,
  role: WorkOrderRole = 'manager',
): boolean {
  const allowed =
    role === 'manager' ? WORK_ORDER_TRANSITIONS[from] : (WORKER_TRANSITIONS[from] ?? []);
  return allowed.includes(to);
}

/** The statuses a role may move a work order to from `from`, for the screens' buttons. */
export function nextStatuses(
  from: WorkOrderStatus,
  role: WorkOrderRole = 'manager',
): readonly WorkOrderStatus[] {
  return role === 'manager' ? WORK_ORDER_TRANSITIONS[from] : (WORKER_TRANSITIONS[from] ?? []);
}

/** Hours within which a request must be acknowledged (triaged), by priority. */
export type ResponseTargets = Readonly<Record<MaintenancePriority, number>>;
export const DEFAULT_RESPONSE_TARGETS: ResponseTargets = { Emergency: 4, Urgent: 24, Routine: 120 };

const HOUR_MS = 3_600_000;

/** When the request must have been acknowledged by. */
export function respondBy(
  filedAt: Date,
  priority: MaintenancePriority,
  targets: ResponseTargets,
): Date {
  return new Date(filedAt.getTime() + targets[priority] * HOUR_MS);
}

/** Overdue: still not acknowledged (New) after its priority's target. */
export function isOverdue(
  order: { status: WorkOrderStatus; priority: MaintenancePriority; filedAt: Date },
  now: Date,
  targets: ResponseTargets,
): boolean {
  return (
    order.status === 'New' &&
    now.getTime() > respondBy(order.filedAt, order.priority, targets).getTime()
  );
}
