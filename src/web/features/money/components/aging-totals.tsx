import { Paper, SimpleGrid, Text } from '@mantine/core';
import {
  AGING_BUCKETS,
  AGING_BUCKET_LABELS,
  type ArrearsResponse,
} from '../../../../shared/schemas/money-reports';
import { formatMoney } from '../../../lib/format';

/** What is owed across every lease in arrears (not only the page), by how late it is. */
export function AgingTotals({
  totals,
  tenantsInArrears,
}: Pick<ArrearsResponse, 'totals' | 'tenantsInArrears'>) {
  const cards = [
    { id: 'balance', label: 'Total owed', value: formatMoney(totals.balance) },
    ...AGING_BUCKETS.map((bucket) => ({
      id: bucket,
      label: AGING_BUCKET_LABELS[bucket],
      value: formatMoney(totals[bucket]),
    })),
    { id: 'tenants', label: 'Tenants in arrears', value: tenantsInArrears.toLocaleString('en-US') },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4, lg: 7 }}
      spacing="sm"
      component="ul"
      aria-label="Arrears totals"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {cards.map((card) => (
        <Paper key={card.id} component="li" withBorder p="sm" data-testid={`aging-${card.id}`}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="lg">
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
