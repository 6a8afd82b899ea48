import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CHARGEABLE_STATUSES, type WorkOrder } from '../../../../shared/schemas/work-orders';
import { useSession } from '../../auth/session';
import { useConfirmation } from '../../../components/confirm-dialog';
import { ErrorBanner } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useRecordWorkOrderExpense } from '../api/expenses';

/**
 * A work order's cost in the landlord's books: 'Expense #N' once recorded; before that, for a
 * finished work order with a cost, the button that records it (once).
 */
export function WorkOrderExpense({ order }: { order: WorkOrder }) {
  const record = useRecordWorkOrderExpense(order.id);
  const { ask, dialog } = useConfirmation();
  const { can } = useSession();
  if (order.expenseId !== null) {
    return (
      <Text>
        In the books as{' '}
        <Anchor component={Link} to={`/expenses/${order.expenseId}`}>
          Expense #{order.expenseId}
        </Anchor>
      </Text>
    );
  }
  const finished = (CHARGEABLE_STATUSES as readonly string[]).includes(order.status);
  if (!finished || order.cost <= 0 || !can('money', 'write')) return null;

  const go = async () => {
    const confirmed = await ask({
      title: `Record ${formatMoney(order.cost)} as an expense?`,
      happens: [
        `An unpaid Repairs expense of ${formatMoney(order.cost)} (the work order's recorded cost) is added for unit ${order.unitNumber}, ${order.propertyName}${order.assignedVendorId ? `, payable to ${order.assigneeName}` : ''}, dated today.`,
      ],
      cannotUndo:
        "A work order's cost is recorded once. You can change or delete the expense afterwards.",
      confirmLabel: 'Record expense',
    });
    if (!confirmed) return;
    const expense = await record.mutateAsync({});
    notifyOutcome('success', `Recorded as expense #${expense.id}.`);
  };

  return (
    <Card withBorder>
      {dialog}
      <Title order={2} size="h4" mb="xs">
        Landlord&apos;s books
      </Title>
      {record.isError ? (
        <ErrorBanner>{errorMessage(record.error, 'The expense was not recorded.')}</ErrorBanner>
      ) : null}
      <Group justify="space-between">
        <Text>Cost {formatMoney(order.cost)} is not in your expenses yet.</Text>
        <Button
          variant="default"
          loading={record.isPending}
          onClick={() => void go().catch(() => undefined)}
        >
          Record as expense
        </Button>
      </Group>
    </Card>
  );
}
