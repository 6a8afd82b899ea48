import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { VENDOR_SORT_KEYS, type VendorListItem } from '../../../../shared/schemas/vendors';
import { formatPhone } from '../../../../shared/phone-format';
import { SelectFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useArchiveVendor, useVendorsPage } from '../api/vendors';
import { useSession } from '../../auth/session';

const columns: Column<VendorListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (v) => (
      <Anchor component={Link} to={`/vendors/${v.id}`}>
        {v.name}
      </Anchor>
    ),
    sortable: true,
  },
  { key: 'trade', header: 'Trade', render: (v) => v.trade ?? '—', sortable: true },
  {
    key: 'contact',
    header: 'Contact',
    render: (v) =>
      [v.contactName, v.email, v.phone ? formatPhone(v.phone) : null].filter(Boolean).join(' · ') ||
      '—',
  },
  {
    key: 'tax',
    header: '1099',
    render: (v) => (
      <Group gap={4}>
        {v.receives1099 ? (
          <Badge variant="light" color="blue">
            1099
          </Badge>
        ) : null}
        {v.hasTaxId ? (
          <Badge variant="light" color="gray">
            Tax id on file
          </Badge>
        ) : null}
      </Group>
    ),
  },
];

/** /vendors: the landlord's payees; archived ones on request. */
export function VendorsPage() {
  const params = useListParams(VENDOR_SORT_KEYS, ['archived'] as const);
  const vendors = useVendorsPage(params.query);
  const archive = useArchiveVendor();
  const showingArchived = params.filters.archived === 'true';
  const writes = useSession().can('vendors', 'write');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Vendors"
        description="Who you pay: trades, insurers, the county."
        actions={
          <>
            <Button component={Link} to="/expenses" variant="default">
              Expenses
            </Button>
            {writes ? (
              <Button component={Link} to="/vendors/new">
                Add vendor
              </Button>
            ) : null}
          </>
        }
      />
      <ServerTable
        caption="Vendors"
        data={vendors.data}
        isPending={vendors.isPending}
        isFetching={vendors.isFetching}
        error={vendors.isError ? errorMessage(vendors.error, 'Failed to fetch vendors') : null}
        params={params}
        columns={columns}
        rowKey={(v) => v.id}
        searchLabel="Search name, contact, trade"
        filters={
          <SelectFilter
            params={params}
            name="archived"
            label="Show"
            placeholder="Active vendors"
            data={[{ value: 'true', label: 'Archived vendors' }]}
            width={200}
          />
        }
        empty={{
          title: showingArchived ? 'No archived vendors' : 'No vendors yet',
          description:
            'Add the people and firms you pay, to pick them on an expense or a work order.',
        }}
        actions={
          writes
            ? (v) => (
                <Button
                  size="xs"
                  variant="subtle"
                  loading={archive.isPending && archive.variables?.id === v.id}
                  onClick={() => archive.mutate({ id: v.id, archived: !v.archived })}
                >
                  {v.archived ? `Restore ${v.name}` : `Archive ${v.name}`}
                </Button>
              )
            : undefined
        }
      />
    </Stack>
  );
}
