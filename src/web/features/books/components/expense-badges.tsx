import { Badge } from '@mantine/core';
import type { ExpenseStatus } from '../../../../shared/schemas/expenses';

// Light badges with dark text, as the work-order badges: white on orange fails contrast.
export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  return (
    <Badge color={status === 'paid' ? 'green' : 'orange'} variant="light">
      {status === 'paid' ? 'Paid' : 'Unpaid'}
    </Badge>
  );
}
