import { Button, Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import type { CatalogueQuery } from '../api/get-public-properties';

const BEDROOMS = [
  { value: '', label: 'Any' },
  { value: '0', label: 'Studio or more' },
  { value: '1', label: '1 or more' },
  { value: '2', label: '2 or more' },
  { value: '3', label: '3 or more' },
  { value: '4', label: '4 or more' },
];
const BATHROOMS = [
  { value: '', label: 'Any' },
  { value: '1', label: '1 or more' },
  { value: '1.5', label: '1.5 or more' },
  { value: '2', label: '2 or more' },
  { value: '3', label: '3 or more' },
];

/**
 * The listing's filters (docs/product.md section 16): bedrooms and bathrooms (at least), a
 * rent range, the city, and whether rented units show too. Light controls only (native
 * selects): they are on the visitor's first page, within its size budget.
 */
export function ListingFilters({
  query,
  onChange,
}: {
  query: CatalogueQuery;
  onChange(next: CatalogueQuery): void;
}) {
  const set = (changes: Partial<CatalogueQuery>) => onChange({ ...query, ...changes });
  const any =
    query.beds || query.baths || query.minRent || query.maxRent || query.city || query.rented;
  return (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      role="group"
      aria-label="Filters"
      data-testid="listing-filters"
    >
      <NativeSelect
        label="Bedrooms"
        data={BEDROOMS}
        value={query.beds}
        onChange={(event) => set({ beds: event.currentTarget.value })}
        style={{ flex: '1 1 8rem' }}
      />
      <NativeSelect
        label="Bathrooms"
        data={BATHROOMS}
        value={query.baths}
        onChange={(event) => set({ baths: event.currentTarget.value })}
        style={{ flex: '1 1 8rem' }}
      />
      <TextInput
        label="Min rent"
        placeholder="$"
        inputMode="decimal"
        value={query.minRent}
        onChange={(event) => set({ minRent: event.currentTarget.value })}
        style={{ flex: '1 1 6rem' }}
      />
      <TextInput
        label="Max rent"
        placeholder="$"
        inputMode="decimal"
        value={query.maxRent}
        onChange={(event) => set({ maxRent: event.currentTarget.value })}
        style={{ flex: '1 1 6rem' }}
      />
      <TextInput
        label="City"
        value={query.city}
        onChange={(event) => set({ city: event.currentTarget.value })}
        style={{ flex: '1 1 9rem' }}
      />
      <Switch
        label="Show rented units"
        checked={query.rented}
        onChange={(event) => set({ rented: event.currentTarget.checked })}
        style={{ flex: '0 0 auto', alignSelf: 'center' }}
      />
      {any ? (
        <Button
          variant="default"
          onClick={() =>
            onChange({
              ...query,
              beds: '',
              baths: '',
              minRent: '',
              maxRent: '',
              city: '',
              rented: false,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
