import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import type { MoneyMonth } from '../../../../shared/schemas/money-reports';
import { formatMoney } from '../../../lib/format';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const monthLabel = (month: string, format: string) => dayjs(`${month}-01`).format(format);

/**
 * Collected against expected rent, month by month. The bars are for the eye; the same figures
 * sit in a table for screen readers.
 */
export function CollectionChart({ series }: { series: MoneyMonth[] }) {
  const data = series.map((month) => ({
    month: monthLabel(month.month, 'MMM YY'),
    expected: month.expected,
    collected: month.collected,
  }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="collection-chart-title">
      <Title order={2} size="h4" mb="sm" id="collection-chart-title">
        Collected vs expected, last {series.length} months
      </Title>
      <figure style={{ margin: 0 }} aria-label="Rent collected and expected by month, as bars">
        <BarChart
          h={240}
          data={data}
          dataKey="month"
          series={[
            { name: 'expected', label: 'Expected', color: 'gray.5' },
            { name: 'collected', label: 'Collected', color: 'indigo.7' },
          ]}
          valueFormatter={formatMoney}
          yAxisProps={{ tickFormatter: (value: number) => compactUsd.format(value), width: 64 }}
          withLegend
          gridAxis="y"
        />
      </figure>
      <VisuallyHidden>
        <Table>
          <Table.Caption>Rent collected and expected by month</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Expected</Table.Th>
              <Table.Th>Collected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.map((month) => (
              <Table.Tr key={month.month}>
                <Table.Td>{monthLabel(month.month, 'MMMM YYYY')}</Table.Td>
                <Table.Td>{formatMoney(month.expected)}</Table.Td>
                <Table.Td>{formatMoney(month.collected)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}
