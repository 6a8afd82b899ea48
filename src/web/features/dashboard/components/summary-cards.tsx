import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DashboardSummary } from '../../../../shared/schemas/dashboard';
import { formatMoney } from '../../../lib/format';

/** The six figures of the spec, each in its own card. */
export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const cards = [
    { label: 'Total Properties', value: summary.totalProperties.toLocaleString('en-US') },
    { label: 'Total Units', value: summary.totalUnits.toLocaleString('en-US') },
    { label: 'Occupied Units', value: summary.occupiedUnits.toLocaleString('en-US') },
    { label: 'Available Units', value: summary.availableUnits.toLocaleString('en-US') },
    { label: 'Active Leases', value: summary.activeLeases.toLocaleString('en-US') },
    { label: 'Monthly Revenue', value: formatMoney(summary.totalMonthlyRent) },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, xl: 6 }}
      spacing="sm"
      mb="lg"
      component="ul"
      style={{ listStyle: 'none', padding: 0 }}
    >
      {cards.map((card) => (
        <Paper key={card.label} component="li" withBorder p="md" data-testid="summary-card">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl" style={{ overflowWrap: 'break-word' }}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
