import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { BooksSummary } from '../../../../shared/schemas/reports';
import { LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useBooksSummary } from '../api/get-books-summary';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const monthLabel = (month: string, format: string) => dayjs(`${month}-01`).format(format);

function NoiCards({ summary }: { summary: BooksSummary }) {
  const cards = [
    { id: 'noi-month', label: 'Net operating income this month', figures: summary.month },
    { id: 'noi-year', label: 'Net operating income this year', figures: summary.yearToDate },
  ];
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      component="ul"
      aria-label="Net operating income"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {cards.map((card) => (
        <Paper key={card.id} component="li" withBorder p="md" data-testid={card.id}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl" data-testid="books-value">
            {formatMoney(card.figures.netOperatingIncome)}
          </Text>
          <Text size="sm">
            {formatMoney(card.figures.income)} in, {formatMoney(card.figures.expenses)} out
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function IncomeExpenseChart({ series }: { series: BooksSummary['series'] }) {
  const data = series.map((month) => ({ ...month, month: monthLabel(month.month, 'MMM YY') }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="books-chart-title">
      <Title order={3} size="h4" mb="sm" id="books-chart-title">
        Income vs expenses, last {series.length} months
      </Title>
      <figure style={{ margin: 0 }} aria-label="Income and expenses by month, as bars">
        <BarChart
          h={240}
          data={data}
          dataKey="month"
          series={[
            { name: 'income', label: 'Income', color: 'teal.8' },
            { name: 'expenses', label: 'Expenses', color: 'orange.8' },
          ]}
          valueFormatter={formatMoney}
          yAxisProps={{ tickFormatter: (value: number) => compactUsd.format(value), width: 64 }}
          withLegend
          gridAxis="y"
        />
      </figure>
      <VisuallyHidden>
        <Table>
          <Table.Caption>Income and expenses by month (cash basis)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Income</Table.Th>
              <Table.Th>Expenses</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.map((month) => (
              <Table.Tr key={month.month}>
                <Table.Td>{monthLabel(month.month, 'MMMM YYYY')}</Table.Td>
                <Table.Td>{formatMoney(month.income)}</Table.Td>
                <Table.Td>{formatMoney(month.expenses)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}

/**
 * The dashboard's books, on a cash basis like rent collected: net operating income this
 * month and this year, and a year of income against expenses.
 */
export function DashboardBooks() {
  const summary = useBooksSummary();
  return (
    <Stack gap="sm" mb="lg" component="section" aria-labelledby="dashboard-books-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="dashboard-books-title">
          Books
        </Title>
        <Anchor component={Link} to="/reports" size="sm">
          Reports
        </Anchor>
      </Group>
      {summary.isPending ? (
        <LoadingState label="Loading net operating income..." />
      ) : summary.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(summary.error, 'Failed to load net operating income')}
        </Alert>
      ) : (
        <>
          <NoiCards summary={summary.data} />
          {summary.data.series.some((month) => month.income !== 0 || month.expenses !== 0) ? (
            <IncomeExpenseChart series={summary.data.series} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
