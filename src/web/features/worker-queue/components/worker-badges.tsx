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

/** Priority, status and 'Overdue', in a dark text that stays readable on every colour. */
export function WorkerBadges({
  priority,
  status,
  overdue,
}: {
  priority: MaintenancePriority;
  status: WorkOrderStatus;
  overdue?: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={PRIORITY_COLORS[priority]} variant="light" c="dark.8">
        {priority}
      </Badge>
      <Badge color={STATUS_COLORS[status]} variant="outline" c="dark.8">
        {status}
      </Badge>
      {overdue ? (
        <Badge color="red" variant="light" c="dark.8">
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}
