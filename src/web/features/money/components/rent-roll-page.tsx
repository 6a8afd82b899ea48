import { Button, Stack } from '@mantine/core';
import { IconCash, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { RENT_ROLL_SORT_KEYS, type RentRollRow } from '../../../../shared/schemas/money-reports';
import { PageHeader } from '../../../components/page-header';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { PropertyFilter } from '../../properties';
import { rentRollCsvHref, useRentRoll } from '../api/get-rent-roll';
import { LedgerLink } from './ledger-link';
import { MoneyReportsNav } from './money-reports-nav';

const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount));

const columns: Column<RentRollRow>[] = [
  { key: 'property', header: 'Property', render: (r) => r.propertyName, sortable: true },
  { key: 'unit', header: 'Unit #', render: (r) => r.unitNumber, sortable: true },
  { key: 'status', header: 'Status', render: (r) => r.unitStatus, sortable: true },
  {
    key: 'tenant',
    header: 'Tenant',
    render: (r) =>
      r.leaseId !== null && r.tenantName ? (
        <LedgerLink leaseId={r.leaseId}>{r.tenantName}</LedgerLink>
      ) : (
        (r.tenantName ?? 'Vacant')
      ),
    sortable: true,
  },
  {
    key: 'lease',
    header: 'Lease',
    render: (r) => (r.leaseStart ? `${formatDate(r.leaseStart)} – ${formatDate(r.leaseEnd)}` : '—'),
  },
  { key: 'rent', header: 'Rent', render: (r) => money(r.rent), sortable: true, align: 'right' },
  {
    key: 'recurring',
    header: 'Other monthly',
    render: (r) => (r.recurringCharges ? formatMoney(r.recurringCharges) : '—'),
    align: 'right',
  },
  {
    key: 'balance',
    header: 'Balance',
    render: (r) =>
      r.leaseId !== null && r.balance !== null ? (
        <LedgerLink leaseId={r.leaseId}>{formatMoney(r.balance)}</LedgerLink>
      ) : (
        '—'
      ),
    sortable: true,
    align: 'right',
  },
  {
    key: 'lastPayment',
    header: 'Last payment',
    render: (r) =>
      r.lastPaymentDate ? `${money(r.lastPaymentAmount)} on ${formatDate(r.lastPaymentDate)}` : '—',
    sortable: true,
  },
];

const FILTERS = ['propertyId'] as const;

/** /rent-roll: every unit with its tenant, rent and balance; each lease leads to its ledger. */
export function RentRollPage() {
  const params = useListParams(RENT_ROLL_SORT_KEYS, FILTERS);
  const rentRoll = useRentRoll(params.query);
  const { can } = useSession();

  return (
    <>
      <PageHeader
        title="Rent roll"
        description="Every unit with its tenant, rent and what is owed."
        actions={
          <>
            {can('payments', 'write') ? (
              <Button
                component={Link}
                to="/rent-roll/receive"
                leftSection={<IconCash size={16} aria-hidden />}
              >
                Receive payments
              </Button>
            ) : null}
            <Button
              component="a"
              href={rentRollCsvHref(params.query)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download CSV
            </Button>
          </>
        }
      />
      <MoneyReportsNav />
      <Stack gap="md">
        <ServerTable
          caption="Rent roll"
          data={rentRoll.data}
          isPending={rentRoll.isPending}
          isFetching={rentRoll.isFetching}
          error={
            rentRoll.isError ? errorMessage(rentRoll.error, 'Failed to load the rent roll') : null
          }
          params={params}
          columns={columns}
          rowKey={(r) => r.unitId}
          searchLabel="Search by tenant, unit or property"
          filters={<PropertyFilter params={params} />}
          empty={{
            title: 'No units yet',
            description: 'Add a property and its units to build the rent roll.',
          }}
        />
      </Stack>
    </>
  );
}
