import { Badge, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Unit } from '../../../../shared/schemas/units';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useMyProperties } from '../../properties/api/get-properties';
import { useDeleteUnit } from '../api/delete-unit';
import { useMyUnits } from '../api/get-units';

const STATUS_COLORS: Record<Unit['status'], string> = {
  Available: 'green',
  Rented: 'blue',
  Maintenance: 'orange',
  Unavailable: 'gray',
};

/** /units: the units of the user's properties, with Edit (to /unit/{id}) and Delete. */
export function UnitsPage() {
  const units = useMyUnits();
  const properties = useMyProperties();
  const remove = useDeleteUnit();
  const { banner, showSuccess, showError, clear } = useBanner();

  const propertyNames = new Map((properties.data ?? []).map((p) => [p.id, p.name]));
  const propertyName = (unit: Unit) => propertyNames.get(unit.propertyId) ?? '';

  const columns: Column<Unit>[] = [
    { key: 'unitNumber', header: 'Unit #', render: (u) => u.unitNumber, sortValue: (u) => u.unitNumber },
    { key: 'property', header: 'Property', render: propertyName, sortValue: propertyName },
    { key: 'beds', header: 'Beds', render: (u) => u.bedrooms, sortValue: (u) => u.bedrooms, align: 'right' },
    { key: 'baths', header: 'Baths', render: (u) => u.bathrooms, sortValue: (u) => u.bathrooms, align: 'right' },
    { key: 'sqft', header: 'Sq ft', render: (u) => u.squareFeet.toLocaleString('en-US'), sortValue: (u) => u.squareFeet, align: 'right' },
    { key: 'rent', header: 'Rent', render: (u) => formatMoney(u.rent), sortValue: (u) => u.rent, align: 'right' },
    {
      key: 'status',
      header: 'Status',
      render: (u) => (
        <Badge color={STATUS_COLORS[u.status]} variant="light" c="dark.8">
          {u.status}
        </Badge>
      ),
      sortValue: (u) => u.status,
    },
  ];

  async function handleDelete(unit: Unit) {
    if (!window.confirm(`Delete unit ${unit.unitNumber}? This cannot be undone.`)) return;
    clear();
    try {
      await remove.mutateAsync(unit.id);
      showSuccess('Unit deleted successfully!');
    } catch (error) {
      showError(errorMessage(error, 'Failed to delete unit'));
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Units"
        description="Every unit of the properties you manage."
        actions={
          <Button component={Link} to="/unit/create">
            Create Unit
          </Button>
        }
      />
      <StatusBanner banner={banner} onClose={clear} />
      {units.isPending || properties.isPending ? (
        <LoadingState label="Loading units..." />
      ) : units.isError ? (
        <ErrorBanner>{errorMessage(units.error, 'Failed to fetch units')}</ErrorBanner>
      ) : properties.isError ? (
        <ErrorBanner>{errorMessage(properties.error, 'Failed to fetch properties and units')}</ErrorBanner>
      ) : (
        <DataTable
          caption="Units"
          rows={units.data}
          columns={columns}
          rowKey={(u) => u.id}
          filterText={(u) => [u.unitNumber, propertyName(u), u.status, u.description ?? '', u.rent, u.bedrooms].join(' ')}
          filterLabel="Filter units"
          empty={{ title: 'No units yet', description: 'Create a unit to see it here.' }}
          actions={(u) => (
            <>
              <Button component={Link} to={`/unit/${u.id}`} size="xs" variant="default" aria-label={`Edit unit ${u.unitNumber}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                c="red.9"
                onClick={() => handleDelete(u)}
                loading={remove.isPending && remove.variables === u.id}
                aria-label={`Delete unit ${u.unitNumber}`}
              >
                Delete
              </Button>
            </>
          )}
        />
      )}
    </Stack>
  );
}
