import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { expenseCategoryLabel } from '../../../../shared/expense-categories';
import { EXPENSE_SORT_KEYS, type ExpenseSummary } from '../../../../shared/schemas/expenses';
import { DateFilter, SelectFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { PropertyLink } from '../../../components/record-links';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { PropertyFilter } from '../../properties';
import { useExpensesPage, useExpenseTotals } from '../api/expenses';
import { ExpenseStatusBadge } from './expense-badges';
import { CATEGORY_OPTIONS } from './expense-form-page';
import { RecurringExpensesCard } from './recurring-expenses-card';
import { useSession } from '../../auth/session';

const FILTERS = ['propertyId', 'category', 'status', 'from', 'to'] as const;

const columns: Column<ExpenseSummary>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (e) => (
      <Anchor component={Link} to={`/expenses/${e.id}`}>
        {formatDate(e.expenseDate)}
      </Anchor>
    ),
    sortable: true,
  },
  {
    key: 'category',
    header: 'Category',
    render: (e) => expenseCategoryLabel(e.category),
    sortable: true,
  },
  {
    key: 'property',
    header: 'Property',
    render: (e) => (
      <>
        <PropertyLink id={e.propertyId}>{e.propertyName}</PropertyLink>
        {e.unitNumber ? ` · Unit ${e.unitNumber}` : ''}
      </>
    ),
    sortable: true,
  },
  { key: 'vendor', header: 'Vendor', render: (e) => e.vendorName ?? '—', sortable: true },
  {
    key: 'amount',
    header: 'Amount',
    render: (e) => formatMoney(e.amount),
    sortable: true,
    align: 'right',
  },
  { key: 'status', header: 'Status', render: (e) => <ExpenseStatusBadge status={e.status} /> },
  {
    key: 'receipts',
    header: 'Receipts',
    render: (e) =>
      e.receiptCount === 0 ? 'None' : `${e.receiptCount} receipt${e.receiptCount === 1 ? '' : 's'}`,
  },
];

function Total({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value === undefined ? '…' : formatMoney(value)}
      </Text>
    </Paper>
  );
}

/** /expenses: what the properties cost, filtered and summed; the recurring ones below. */
export function ExpensesPage() {
  const params = useListParams(EXPENSE_SORT_KEYS, FILTERS);
  const expenses = useExpensesPage(params.query);
  const totals = useExpenseTotals(params.query);
  const writes = useSession().can('money', 'write');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Expenses"
        description="What your properties cost, by Schedule E category."
        actions={
          <>
            <Button component={Link} to="/vendors" variant="default">
              Vendors
            </Button>
            {writes ? (
              <Button component={Link} to="/expenses/new">
                Add expense
              </Button>
            ) : null}
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label="Totals of the expenses shown">
        <Total label="Total" value={totals.data?.total} />
        <Total label="Paid" value={totals.data?.paid} />
        <Total label="Unpaid" value={totals.data?.unpaid} />
      </SimpleGrid>
      <ServerTable
        caption="Expenses"
        data={expenses.data}
        isPending={expenses.isPending}
        isFetching={expenses.isFetching}
        error={expenses.isError ? errorMessage(expenses.error, 'Failed to fetch expenses') : null}
        params={params}
        columns={columns}
        rowKey={(e) => e.id}
        searchLabel="Search memo, vendor, property"
        filters={
          <Group gap="xs" wrap="wrap" align="flex-end">
            <PropertyFilter params={params} />
            <SelectFilter
              params={params}
              name="category"
              label="Category"
              placeholder="Any category"
              data={CATEGORY_OPTIONS}
              width={220}
              searchable
            />
            <SelectFilter
              params={params}
              name="status"
              label="Status"
              placeholder="Paid or unpaid"
              data={[
                { value: 'paid', label: 'Paid' },
                { value: 'unpaid', label: 'Unpaid' },
              ]}
              width={160}
            />
            <DateFilter params={params} name="from" label="From" />
            <DateFilter params={params} name="to" label="To" />
          </Group>
        }
        empty={{
          title: 'No expenses yet',
          description: writes ? (
            <>
              Record what a property cost (a repair, the insurance, the taxes) with{' '}
              <Anchor component={Link} to="/expenses/new">
                Add expense
              </Anchor>
              .
            </>
          ) : (
            'What a property costs shows here once it is recorded.'
          ),
        }}
      />
      <RecurringExpensesCard />
    </Stack>
  );
}
