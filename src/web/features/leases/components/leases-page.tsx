import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LEASE_STATUSES } from '../../../../shared/constants';
import type { Lease } from '../../../../shared/schemas/leases';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDeleteLease } from '../api/delete-lease';
import { useLeases } from '../api/get-leases';

const STATUS_COLORS: Record<Lease['status'], string> = { Active: 'green', Terminated: 'red', Expired: 'gray' };
const fullName = (lease: Lease) => `${lease.firstName} ${lease.lastName}`;

const columns: Column<Lease>[] = [
  { key: 'tenant', header: 'Tenant', render: fullName, sortValue: (l) => `${l.lastName} ${l.firstName}` },
  { key: 'unit', header: 'Unit #', render: (l) => l.unitNumber, sortValue: (l) => l.unitNumber },
  { key: 'start', header: 'Start', render: (l) => formatDate(l.startDate), sortValue: (l) => l.startDate },
  { key: 'end', header: 'End', render: (l) => formatDate(l.endDate), sortValue: (l) => l.endDate },
  { key: 'rent', header: 'Rent', render: (l) => formatMoney(l.rent), sortValue: (l) => l.rent, align: 'right' },
  { key: 'deposit', header: 'Deposit', render: (l) => formatMoney(l.deposit), sortValue: (l) => l.deposit, align: 'right' },
  {
    key: 'status',
    header: 'Status',
    render: (l) => (
      <Badge color={STATUS_COLORS[l.status]} variant="light" c="dark.8">
        {l.status}
      </Badge>
    ),
    sortValue: (l) => l.status,
  },
];

interface Filters {
  status: string | null;
  startFrom: string;
  endTo: string;
}

/** /leases: filter by status and by start date from / end date to; search by name. */
export function LeasesPage() {
  const leases = useLeases();
  const remove = useDeleteLease();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [filters, setFilters] = useState<Filters>({ status: null, startFrom: '', endTo: '' });

  useEffect(() => {
    if (leases.error) showError(errorMessage(leases.error, 'Failed to fetch leases'));
  }, [leases.error, showError]);

  const filtered = useMemo(
    () =>
      (leases.data ?? []).filter(
        (l) =>
          (!filters.status || l.status === filters.status) &&
          (!filters.startFrom || l.startDate >= filters.startFrom) &&
          (!filters.endTo || l.endDate <= filters.endTo),
      ),
    [leases.data, filters],
  );
  const filtering = Boolean(filters.status || filters.startFrom || filters.endTo);

  async function handleDelete(lease: Lease) {
    if (!window.confirm(`Delete the lease of ${fullName(lease)} (Unit ${lease.unitNumber})?`)) return;
    clear();
    try {
      await remove.mutateAsync(lease.id);
      showSuccess('Lease deleted successfully!');
    } catch (error) {
      showError(errorMessage(error, 'Failed to delete lease'));
    }
  }

  return (
    <>
      <PageHeader
        title="Leases"
        actions={
          <Button component={Link} to="/lease/create" leftSection={<IconPlus size={16} aria-hidden />}>
            Add Lease
          </Button>
        }
      />
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clear} />
        <Paper withBorder radius="md" p="sm" component="section" aria-label="Lease filters">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Status"
              placeholder="All statuses"
              clearable
              data={[...LEASE_STATUSES]}
              value={filters.status}
              onChange={(status) => setFilters((f) => ({ ...f, status }))}
            />
            <TextInput
              label="Start date from"
              type="date"
              value={filters.startFrom}
              onChange={(e) => {
                const startFrom = e.currentTarget.value;
                setFilters((f) => ({ ...f, startFrom }));
              }}
            />
            <TextInput
              label="End date to"
              type="date"
              value={filters.endTo}
              onChange={(e) => {
                const endTo = e.currentTarget.value;
                setFilters((f) => ({ ...f, endTo }));
              }}
            />
          </SimpleGrid>
          {filtering ? (
            <Group justify="flex-end" mt="xs">
              <Button variant="subtle" size="xs" onClick={() => setFilters({ status: null, startFrom: '', endTo: '' })}>
                Clear filters
              </Button>
            </Group>
          ) : null}
        </Paper>
        {leases.isPending ? (
          <LoadingState label="Loading leases..." />
        ) : leases.data ? (
          <DataTable
            caption="Leases"
            rows={filtered}
            columns={columns}
            rowKey={(l) => l.id}
            filterText={(l) => `${l.firstName} ${l.lastName}`}
            filterLabel="Search by name"
            empty={
              filtering && leases.data.length > 0
                ? { title: 'No leases match these filters', description: 'Change or clear the filters to see more.' }
                : { title: 'No leases yet', description: 'Create a lease for one of your tenants.' }
            }
            actions={(l) => (
              <>
                <Button component={Link} to={`/lease/${l.id}`} size="xs" variant="default" aria-label={`Edit lease of ${fullName(l)}`}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  c="red.9"
                  aria-label={`Delete lease of ${fullName(l)}`}
                  disabled={remove.isPending}
                  onClick={() => void handleDelete(l)}
                >
                  Delete
                </Button>
              </>
            )}
          />
        ) : null}
      </Stack>
    </>
  );
}
