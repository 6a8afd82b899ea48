import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { MoneySummary } from '../../../../shared/schemas/money-reports';
import { formatMoney } from '../../../lib/format';

/** This month's rent in four figures: expected, collected, overdue, and who is behind. */
export function MoneyCards({ summary }: { summary: MoneySummary }) {
  const cards = [
    { label: 'Rent expected this month', value: formatMoney(summary.expected), id: 'expected' },
    { label: 'Collected this month', value: formatMoney(summary.collected), id: 'collected' },
    { label: 'Overdue', value: formatMoney(summary.overdue), id: 'overdue' },
    {
      label: 'Tenants in arrears',
      value: summary.tenantsInArrears.toLocaleString('en-US'),
      id: 'tenants-in-arrears',
    },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing="sm"
      component="ul"
      aria-label="Rent this month"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {cards.map((card) => (
        <Paper key={card.id} component="li" withBorder p="md" data-testid={`money-${card.id}`}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl" style={{ overflowWrap: 'break-word' }} data-testid="money-value">
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
