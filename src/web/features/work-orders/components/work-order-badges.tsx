import { Badge, Group } from '@mantine/core';
import type { MaintenancePriority, WorkOrderStatus } from '../../../../shared/maintenance';

const PRIORITY_COLORS: Record<MaintenancePriority, string> = {
  Emergency: 'red',
  Urgent: 'orange',
  Routine: 'gray',
};

const STATUS_COLORS: Record<WorkOrderStatus, string> = {
  New: 'blue',
  Assigned: 'indigo',
  'In progress': 'yellow',
  Waiting: 'orange',
  Done: 'green',
  Closed: 'gray',
  Cancelled: 'gray',
};

// Light badges with dark text: white on orange or yellow fails contrast at badge size.

export function PriorityBadge({ priority }: { priority: MaintenancePriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="light">
      {priority}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: WorkOrderStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}

export function OverdueBadge() {
  return (
    <Badge color="red" variant="light">
      Overdue
    </Badge>
  );
}

/** Priority, status and, when it is, 'Overdue': how every maintenance screen tags a work order. */
export function WorkOrderBadges({
  priority,
  status,
  overdue,
}: {
  priority: MaintenancePriority;
  status?: WorkOrderStatus;
  overdue?: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap">
      <PriorityBadge priority={priority} />
      {status ? <StatusBadge status={status} /> : null}
      {overdue ? <OverdueBadge /> : null}
    </Group>
  );
}
