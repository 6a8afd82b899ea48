import { Button, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { LEASE_STATUSES } from '../../../../shared/constants';
import { LEASE_SORT_KEYS, type LeaseListItem } from '../../../../shared/schemas/leases';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { DateFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useDeleteLease } from '../api/delete-lease';
import { useLeasesPage } from '../api/get-leases';
import { LeaseStateBadge } from './lease-state-badge';
import { PropertyLink, TenantLink, UnitLink } from '../../../components/record-links';

const fullName = (lease: LeaseListItem) => `${lease.firstName} ${lease.lastName}`;

const columns: Column<LeaseListItem>[] = [
  {
    key: 'name',
    header: 'Tenant',
    render: (l) => <TenantLink id={l.tenantId}>{fullName(l)}</TenantLink>,
    sortable: true,
  },
  {
    key: 'unitNumber',
    header: 'Unit #',
    render: (l) => <UnitLink id={l.unitId}>{l.unitNumber}</UnitLink>,
    sortable: true,
  },
  {
    key: 'property',
    header: 'Property',
    render: (l) => <PropertyLink id={l.propertyId}>{l.propertyName}</PropertyLink>,
    sortable: true,
  },
  { key: 'startDate', header: 'Start', render: (l) => formatDate(l.startDate), sortable: true },
  { key: 'endDate', header: 'End', render: (l) => formatDate(l.endDate), sortable: true },
  {
    key: 'rent',
    header: 'Rent',
    render: (l) => formatMoney(l.rent),
    sortable: true,
    align: 'right',
  },
  {
    key: 'deposit',
    header: 'Deposit',
    render: (l) => formatMoney(l.deposit),
    sortable: true,
    align: 'right',
  },
  {
    key: 'status',
    header: 'Status',
    // The state read from the dates: a lease past its end never reads Active.
    render: (l) => <LeaseStateBadge state={l.state} />,
  },
];

const FILTERS = ['status', 'startFrom', 'endTo'] as const;

/** /leases: filtered by status and by start date from / end date to, searched by name. */
export function LeasesPage() {
  const params = useListParams(LEASE_SORT_KEYS, FILTERS);
  const leases = useLeasesPage(params.query);
  const remove = useDeleteLease();
  const writes = useSession().can('leasing', 'write');

  return (
    <>
      <PageHeader
        title="Leases"
        actions={
          <>
            <DownloadCsvButton path="/api/leases.csv" query={params.query} />
            {writes ? (
              <Button
                component={Link}
                to="/lease/create"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Add Lease
              </Button>
            ) : null}
          </>
        }
      />
      <Stack gap="md">
        <ServerTable
          caption="Leases"
          data={leases.data}
          isPending={leases.isPending}
          isFetching={leases.isFetching}
          error={leases.isError ? errorMessage(leases.error, 'Failed to fetch leases') : null}
          params={params}
          columns={columns}
          rowKey={(l) => l.id}
          searchLabel="Search by name"
          filters={
            <>
              <Select
                label="Status"
                placeholder="All statuses"
                clearable
                data={[...LEASE_STATUSES]}
                value={params.filters.status ?? null}
                onChange={(status) => params.setFilter('status', status ?? '')}
                w={{ base: '100%', sm: 160 }}
              />
              <DateFilter params={params} name="startFrom" label="Start date from" />
              <DateFilter params={params} name="endTo" label="End date to" />
            </>
          }
          empty={{ title: 'No leases yet', description: 'Create a lease for one of your tenants.' }}
          actions={(l) => (
            <>
              <Button
                component={Link}
                to={`/leases/${l.id}/ledger`}
                size="xs"
                variant="default"
                aria-label={`Ledger of the lease of ${fullName(l)} (unit ${l.unitNumber}, ${l.propertyName})`}
              >
                Ledger
              </Button>
              {writes ? (
                <RowActions
                  name={`lease of ${fullName(l)} (unit ${l.unitNumber}, ${l.propertyName})`}
                  editTo={`/lease/${l.id}`}
                  deletionPath={`/api/leases/${l.id}/deletion`}
                  blockersLink={{ to: `/leases/${l.id}/ledger`, label: 'Open the ledger' }}
                  onDelete={() => remove.mutateAsync(l.id)}
                  deleted="Lease deleted successfully!"
                  failed="Failed to delete lease"
                />
              ) : null}
            </>
          )}
        />
      </Stack>
    </>
  );
}
