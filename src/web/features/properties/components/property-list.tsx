import { PROPERTY_SORT_KEYS, type Property } from '../../../../shared/schemas/properties';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { RowActions } from '../../../components/row-actions';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useDeleteProperty } from '../api/delete-property';
import { usePropertiesPage } from '../api/get-properties';
import { PropertyLink } from '../../../components/record-links';

const columns: Column<Property>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (p) => <PropertyLink id={p.id}>{p.name}</PropertyLink>,
    sortable: true,
  },
  { key: 'address', header: 'Address', render: (p) => p.address, sortable: true },
  { key: 'city', header: 'City', render: (p) => p.city, sortable: true },
  { key: 'state', header: 'State', render: (p) => p.state, sortable: true },
  { key: 'zipCode', header: 'Zip code', render: (p) => p.zipCode, sortable: true },
];

interface PropertyListProps {
  /** Absent: the caller may not change properties, and the rows offer no Edit or Delete. */
  onEdit?: (property: Property) => void;
  onDeleted(property: Property): void;
}

/** The user's own properties, paged and sorted by the server; edited in the form above. */
export function PropertyList({ onEdit, onDeleted }: PropertyListProps) {
  const params = useListParams(PROPERTY_SORT_KEYS);
  const properties = usePropertiesPage(params.query);
  const remove = useDeleteProperty();
  return (
    <ServerTable
      caption="Your properties"
      data={properties.data}
      isPending={properties.isPending}
      isFetching={properties.isFetching}
      error={
        properties.isError ? errorMessage(properties.error, 'Failed to fetch properties') : null
      }
      params={params}
      columns={columns}
      rowKey={(p) => p.id}
      searchLabel="Filter properties"
      filters={<DownloadCsvButton path="/api/properties.csv" query={params.query} />}
      empty={{
        title: 'No properties yet',
        description: 'Create your first property with the form above.',
      }}
      actions={
        onEdit
          ? (p) => (
              <RowActions
                name={p.name}
                onEdit={() => onEdit(p)}
                deletionPath={`/api/properties/${p.id}/deletion`}
                blockersLink={{ to: `/units?propertyId=${p.id}`, label: 'Show its units' }}
                onDelete={async () => {
                  await remove.mutateAsync(p.id);
                  onDeleted(p);
                }}
                deleted="Property deleted successfully!"
                failed="Failed to delete property"
              />
            )
          : undefined
      }
    />
  );
}
