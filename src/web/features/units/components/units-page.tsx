import { Badge, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { UNIT_STATUSES } from '../../../../shared/constants';
import { UNIT_SORT_KEYS, type UnitListItem } from '../../../../shared/schemas/units';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { SelectFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { PropertyFilter } from '../../properties';
import { useDeleteUnit } from '../api/delete-unit';
import { useUnitsPage } from '../api/get-units';
import { PropertyLink, UnitLink } from '../../../components/record-links';

const STATUS_COLORS: Record<UnitListItem['status'], string> = {
  Available: 'green',
  Rented: 'blue',
  Maintenance: 'orange',
  Unavailable: 'gray',
};

const columns: Column<UnitListItem>[] = [
  {
    key: 'unitNumber',
    header: 'Unit #',
    render: (u) => <UnitLink id={u.id}>{u.unitNumber}</UnitLink>,
    sortable: true,
  },
  {
    key: 'property',
    header: 'Property',
    render: (u) => <PropertyLink id={u.propertyId}>{u.propertyName}</PropertyLink>,
    sortable: true,
  },
  { key: 'bedrooms', header: 'Beds', render: (u) => u.bedrooms, sortable: true, align: 'right' },
  { key: 'bathrooms', header: 'Baths', render: (u) => u.bathrooms, sortable: true, align: 'right' },
  {
    key: 'squareFeet',
    header: 'Sq ft',
    render: (u) => u.squareFeet.toLocaleString('en-US'),
    sortable: true,
    align: 'right',
  },
  {
    key: 'rent',
    header: 'Rent',
    render: (u) => formatMoney(u.rent),
    sortable: true,
    align: 'right',
  },
  {
    key: 'status',
    header: 'Status',
    render: (u) => (
      // The theme sizes every badge to its word (src/web/app/theme.ts), never 'AVAIL…'.
      <Badge color={STATUS_COLORS[u.status]} variant="light">
        {u.status}
      </Badge>
    ),
    sortable: true,
  },
];

const FILTERS = ['status', 'propertyId'] as const;

/**
 * /units: the units of the user's properties, paged, sorted and filtered by the server.
 * `/units?propertyId=7` lists one property's units (the dashboard's property cards link there).
 */
export function UnitsPage() {
  const params = useListParams(UNIT_SORT_KEYS, FILTERS);
  const units = useUnitsPage(params.query);
  const remove = useDeleteUnit();
  const writes = useSession().can('units', 'write');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Units"
        description="Every unit of the properties you manage."
        actions={
          <>
            <DownloadCsvButton path="/api/units.csv" query={params.query} />
            {writes ? (
              <Button component={Link} to="/unit/create">
                Create Unit
              </Button>
            ) : null}
          </>
        }
      />
      <ServerTable
        caption="Units"
        data={units.data}
        isPending={units.isPending}
        isFetching={units.isFetching}
        error={units.isError ? errorMessage(units.error, 'Failed to fetch units') : null}
        params={params}
        columns={columns}
        rowKey={(u) => u.id}
        searchLabel="Filter units"
        filters={
          <>
            <PropertyFilter params={params} />
            <SelectFilter
              params={params}
              name="status"
              label="Status"
              placeholder="Any status"
              data={[...UNIT_STATUSES]}
              width={180}
            />
          </>
        }
        empty={{ title: 'No units yet', description: 'Create a unit to see it here.' }}
        actions={
          writes
            ? (u) => (
                <RowActions
                  name={`unit ${u.unitNumber} at ${u.propertyName}`}
                  editTo={`/unit/${u.id}`}
                  deletionPath={`/api/units/${u.id}/deletion`}
                  blockersLink={{ to: `/units/${u.id}`, label: `Open unit ${u.unitNumber}` }}
                  onDelete={() => remove.mutateAsync(u.id)}
                  deleted="Unit deleted successfully!"
                  failed="Failed to delete unit"
                />
              )
            : undefined
        }
      />
    </Stack>
  );
}
