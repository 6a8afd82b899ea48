import { Badge } from '@mantine/core';
import type { MaintenancePriority, WorkOrderStatus } from '../../../../shared/maintenance';

const PRIORITY_COLORS: Record<MaintenancePriority, string> = {
  Emergency: 'red',
  Urgent: 'orange',
  Routine: 'gray',
};

/** A light badge with dark text: white on orange fails contrast at badge size. */
export function PriorityBadge({ priority }: { priority: MaintenancePriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="light" c="dark.8">
      {priority}
    </Badge>
  );
}

export function StatusBadge({ status, overdue }: { status: WorkOrderStatus; overdue?: boolean }) {
  return (
    <>
      <Badge color="dark.5" variant="outline">
        {status}
      </Badge>
      {overdue ? (
        <Badge color="red.9" variant="light" ml={4}>
          Overdue
        </Badge>
      ) : null}
    </>
  );
}
