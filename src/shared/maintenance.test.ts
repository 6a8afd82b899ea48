import { describe, expect, it } from 'vitest';
import {
  canTransition,
  DEFAULT_RESPONSE_TARGETS,
  isOverdue,
  nextStatuses,
  respondBy,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderStatus,
} from './maintenance';

/** Every pair the product allows a landlord; every other pair is refused. */
const ALLOWED: [WorkOrderStatus, WorkOrderStatus][] = [
  ['New', 'Assigned'],
  ['New', 'Cancelled'],
  ['Assigned', 'In progress'],
  ['Assigned', 'Waiting'],
  ['Assigned', 'Cancelled'],
  ['In progress', 'Waiting'],
  ['In progress', 'Done'],
  ['In progress', 'Cancelled'],
  ['Waiting', 'In progress'],
  ['Waiting', 'Cancelled'],
  ['Done', 'Closed'],
  ['Done', 'In progress'],
];
const WORKER_ALLOWED: [WorkOrderStatus, WorkOrderStatus][] = [
  ['Assigned', 'In progress'],
  ['Assigned', 'Waiting'],
  ['In progress', 'Waiting'],
  ['In progress', 'Done'],
  ['Waiting', 'In progress'],
];
const key = ([from, to]: [WorkOrderStatus, WorkOrderStatus]) => `${from} -> ${to}`;

describe('work order transitions', () => {
  const pairs = WORK_ORDER_STATUSES.flatMap((from) =>
    WORK_ORDER_STATUSES.map((to) => [from, to] as [WorkOrderStatus, WorkOrderStatus]),
  );

  it.each(pairs)('a landlord may move %s -> %s only if the table allows it', (from, to) => {
    expect(canTransition(from, to, 'manager')).toBe(ALLOWED.map(key).includes(key([from, to])));
  });

  it.each(pairs)(
    'the assigned worker may move %s -> %s only if the table allows it',
    (from, to) => {
      expect(canTransition(from, to, 'worker')).toBe(
        WORKER_ALLOWED.map(key).includes(key([from, to])),
      );
    },
  );

  it('never lets a status follow itself, and ends at Closed and Cancelled', () => {
    for (const status of WORK_ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
    expect(nextStatuses('Closed')).toEqual([]);
    expect(nextStatuses('Cancelled')).toEqual([]);
  });

  it('gives the worker a subset of what the landlord may do', () => {
    for (const [from, to] of WORKER_ALLOWED) expect(WORK_ORDER_TRANSITIONS[from]).toContain(to);
    expect(nextStatuses('New', 'worker')).toEqual([]);
    expect(nextStatuses('Done', 'worker')).toEqual([]);
  });
});

describe('response targets', () => {
  const filedAt = new Date('2026-03-01T10:00:00Z');
  const hours = (n: number) => new Date(filedAt.getTime() + n * 3_600_000);

  it('are 4 hours for an emergency, 24 for urgent and 5 days for routine by default', () => {
    expect(respondBy(filedAt, 'Emergency', DEFAULT_RESPONSE_TARGETS)).toEqual(hours(4));
    expect(respondBy(filedAt, 'Urgent', DEFAULT_RESPONSE_TARGETS)).toEqual(hours(24));
    expect(respondBy(filedAt, 'Routine', DEFAULT_RESPONSE_TARGETS)).toEqual(hours(120));
  });

  it('make a request overdue only once the target has passed and only while it is New', () => {
    const order = { status: 'New' as const, priority: 'Emergency' as const, filedAt };
    expect(isOverdue(order, hours(4), DEFAULT_RESPONSE_TARGETS)).toBe(false);
    expect(isOverdue(order, new Date(hours(4).getTime() + 1), DEFAULT_RESPONSE_TARGETS)).toBe(true);
    expect(isOverdue({ ...order, status: 'Assigned' }, hours(100), DEFAULT_RESPONSE_TARGETS)).toBe(
      false,
    );
  });

  it('follow configured targets', () => {
    const order = { status: 'New' as const, priority: 'Routine' as const, filedAt };
    const targets = { ...DEFAULT_RESPONSE_TARGETS, Routine: 48 };
    expect(isOverdue(order, hours(49), targets)).toBe(true);
    expect(isOverdue(order, hours(49), DEFAULT_RESPONSE_TARGETS)).toBe(false);
  });
});
