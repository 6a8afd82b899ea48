import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { expenseCategoryLabel } from '../../../../shared/expense-categories';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePropertyExpenses } from '../api/expenses';
import { ExpenseStatusBadge } from './expense-badges';

/** A property page's latest expenses (for its manager), with a link to all of them. */
export function PropertyExpenses({ propertyId }: { propertyId: number }) {
  const expenses = usePropertyExpenses(propertyId);
  if (!expenses.data) return null;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Recent expenses
        </Title>
        <Anchor component={Link} to={`/expenses?propertyId=${propertyId}`}>
          All expenses
        </Anchor>
      </Group>
      {expenses.data.length === 0 ? <Text c="dimmed">No expenses recorded.</Text> : null}
      <Stack gap={4}>
        {expenses.data.map((e) => (
          <Group key={e.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/expenses/${e.id}`}>
              {formatDate(e.expenseDate)} · {expenseCategoryLabel(e.category)}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Text>{formatMoney(e.amount)}</Text>
              <ExpenseStatusBadge status={e.status} />
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
