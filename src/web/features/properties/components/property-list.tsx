import { Button } from '@mantine/core';
import type { Property } from '../../../../shared/schemas/properties';
import { DataTable, type Column } from '../../../components/data-table';

const columns: Column<Property>[] = [
  { key: 'name', header: 'Name', render: (p) => p.name, sortValue: (p) => p.name },
  { key: 'address', header: 'Address', render: (p) => p.address, sortValue: (p) => p.address },
  { key: 'city', header: 'City', render: (p) => p.city, sortValue: (p) => p.city },
  { key: 'state', header: 'State', render: (p) => p.state, sortValue: (p) => p.state },
  { key: 'zipCode', header: 'Zip code', render: (p) => p.zipCode, sortValue: (p) => p.zipCode },
];

interface PropertyListProps {
  properties: Property[];
  onEdit(property: Property): void;
  onDelete(property: Property): void;
  deletingId: number | null;
}

export function PropertyList({ properties, onEdit, onDelete, deletingId }: PropertyListProps) {
  return (
    <DataTable
      caption="Your properties"
      rows={properties}
      columns={columns}
      rowKey={(p) => p.id}
      filterText={(p) => [p.name, p.address, p.city, p.state, p.zipCode, p.description ?? ''].join(' ')}
      filterLabel="Filter properties"
      empty={{ title: 'No properties yet', description: 'Create your first property with the form above.' }}
      actions={(p) => (
        <>
          <Button size="xs" variant="default" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            onClick={() => onDelete(p)}
            loading={deletingId === p.id}
            aria-label={`Delete ${p.name}`}
          >
            Delete
          </Button>
        </>
      )}
    />
  );
}
