import { Group, Table, TextInput } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import type { Statement, StatementEntry } from '../../../../shared/schemas/money-reports';
import { PageHeader } from '../../../components/page-header';
import {
  EmptyState,
  ErrorBanner,
  LoadingState,
  NotFoundState,
} from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { isRecordNotFound, useRouteId } from '../../../lib/edit-route';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSearchParamsUpdate } from '../../../lib/search-params-update';
import { useStatement } from '../api/get-statement';
import { entryDetails, entryTitle } from './entry-text';
import { PrintablePageHeader, PrintableSheet } from './printable-sheet';

/** A statement entry read as a ledger entry, for the shared wording of titles and details. */
const asEntry = (entry: StatementEntry) => ({
  ...entry,
  reversedById: null,
  open: null,
  period: null,
  createdAt: '',
});

function StatementSheet({ statement }: { statement: Statement }) {
  const { lease } = statement;
  const byId = new Map(statement.entries.map((entry) => [entry.id, entry]));
  return (
    <PrintableSheet
      parties={statement}
      heading={`Statement ${formatDate(statement.from)} to ${formatDate(statement.to)}`}
      detail={`Lease ${formatDate(lease.startDate)} to ${formatDate(lease.endDate)}, rent ${formatMoney(lease.rent)} a month`}
    >
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="statement-table">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            Entries dated {formatDate(statement.from)} to {formatDate(statement.to)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Charges</Table.Th>
              <Table.Th ta="right">Payments and credits</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{formatDate(statement.from)}</Table.Td>
              <Table.Td fw={600}>Opening balance</Table.Td>
              <Table.Td />
              <Table.Td />
              <Table.Td ta="right" fw={600} data-testid="statement-opening">
                {formatMoney(statement.openingBalance)}
              </Table.Td>
            </Table.Tr>
            {statement.entries.map((entry) => {
              const reversed = entry.reversesId === null ? undefined : byId.get(entry.reversesId);
              const details = entryDetails(asEntry(entry));
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(entry.entryDate)}
                  </Table.Td>
                  <Table.Td>
                    {entryTitle(asEntry(entry), reversed && asEntry(reversed))}
                    {details ? ` · ${details}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{entry.delta > 0 ? formatMoney(entry.delta) : ''}</Table.Td>
                  <Table.Td ta="right">{entry.delta < 0 ? formatMoney(-entry.delta) : ''}</Table.Td>
                  <Table.Td ta="right">{formatMoney(entry.runningBalance)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{formatDate(statement.to)}</Table.Th>
              <Table.Th>Closing balance</Table.Th>
              <Table.Th ta="right">{formatMoney(statement.charged)}</Table.Th>
              <Table.Th ta="right">{formatMoney(statement.paid)}</Table.Th>
              <Table.Th ta="right" data-testid="statement-closing">
                {formatMoney(statement.closingBalance)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {statement.entries.length === 0 ? (
        <EmptyState title="No entries in this range">
          The balance carried through unchanged.
        </EmptyState>
      ) : null}
    </PrintableSheet>
  );
}

/** /leases/:id/statement?from&to: a tenant's statement for a date range, ready to print. */
export function StatementPage() {
  const { id: rawId } = useParams();
  const id = useRouteId();
  const [search] = useSearchParams();
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const statement = useStatement(id, from, to);

  const update = useSearchParamsUpdate();
  const setBound = (name: 'from' | 'to', value: string) => update({ [name]: value });

  if (id === undefined || isRecordNotFound(rawId, statement.error)) {
    return (
      <>
        <PageHeader title="Statement" />
        <NotFoundState noun="Lease" back={{ to: '/leases', label: 'Back to leases' }} />
      </>
    );
  }

  return (
    <>
      <PrintablePageHeader title="Statement" leaseId={id} ready={Boolean(statement.data)} />
      <Group gap="sm" mb="md" align="flex-end" data-print-hide>
        <TextInput
          label="From"
          type="date"
          value={from || statement.data?.from || ''}
          max={to || undefined}
          onChange={(e) => setBound('from', e.currentTarget.value)}
          w={{ base: '100%', sm: 180 }}
        />
        <TextInput
          label="To"
          type="date"
          value={to || statement.data?.to || ''}
          min={from || undefined}
          onChange={(e) => setBound('to', e.currentTarget.value)}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      {statement.isPending ? (
        <LoadingState label="Loading statement..." />
      ) : statement.isError ? (
        <ErrorBanner>{errorMessage(statement.error, 'Failed to load the statement')}</ErrorBanner>
      ) : (
        <StatementSheet statement={statement.data} />
      )}
    </>
  );
}
