import { Stack } from '@mantine/core';
import { LEASE_STATUSES } from '../../../../shared/constants';
import { DEPOSIT_SORT_KEYS, type DepositRegisterItem } from '../../../../shared/schemas/deposits';
import { SelectFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { PropertyFilter } from '../../properties';
import { useDeposits } from '../api/get-deposits';
import { LedgerLink } from './ledger-link';
import { MoneyReportsNav } from './money-reports-nav';

const columns: Column<DepositRegisterItem>[] = [
  { key: 'property', header: 'Property', render: (d) => d.propertyName, sortable: true },
  { key: 'unitNumber', header: 'Unit #', render: (d) => d.unitNumber, sortable: true },
  {
    key: 'tenant',
    header: 'Tenant',
    render: (d) => (
      <LedgerLink leaseId={d.leaseId}>
        {d.firstName} {d.lastName}
      </LedgerLink>
    ),
    sortable: true,
  },
  {
    key: 'startDate',
    header: 'Lease',
    render: (d) => `${formatDate(d.startDate)} – ${formatDate(d.endDate)} (${d.leaseStatus})`,
    sortable: true,
  },
  {
    key: 'agreed',
    header: 'Agreed',
    render: (d) => formatMoney(d.agreed),
    sortable: true,
    align: 'right',
  },
  { key: 'received', header: 'Received', render: (d) => formatMoney(d.received), align: 'right' },
  {
    key: 'held',
    header: 'Held',
    render: (d) => formatMoney(d.held),
    sortable: true,
    align: 'right',
  },
  {
    key: 'settledOn',
    header: 'Settled',
    render: (d) => (d.settledOn ? formatDate(d.settledOn) : 'Not yet'),
  },
];

const FILTERS = ['propertyId', 'status'] as const;

/** /deposits: every lease's deposit, what was received and what is held for the tenant. */
export function DepositsPage() {
  const params = useListParams(DEPOSIT_SORT_KEYS, FILTERS);
  const deposits = useDeposits(params.query);

  return (
    <>
      <PageHeader
        title="Deposits"
        description="Money held for tenants until move-out: not income."
      />
      <MoneyReportsNav />
      <Stack gap="md">
        <ServerTable
          caption="Deposits"
          data={deposits.data}
          isPending={deposits.isPending}
          isFetching={deposits.isFetching}
          error={deposits.isError ? errorMessage(deposits.error, 'Failed to load deposits') : null}
          params={params}
          columns={columns}
          rowKey={(d) => d.leaseId}
          searchLabel="Search by tenant, unit or property"
          filters={
            <>
              <PropertyFilter params={params} />
              <SelectFilter
                params={params}
                name="status"
                label="Lease status"
                placeholder="Any lease status"
                data={[...LEASE_STATUSES]}
                width={180}
              />
            </>
          }
          empty={{
            title: 'No deposits yet',
            description: 'Each lease appears here with the deposit it agreed.',
          }}
        />
      </Stack>
    </>
  );
}
