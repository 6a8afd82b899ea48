import type { FilterParams } from '../../../components/list-filters';
import { PropertyPicker } from './property-picker';

/** A list's 'Any property' filter: narrows the rows to one of the caller's properties. */
export function PropertyFilter({
  params,
  width = 240,
}: {
  params: FilterParams<'propertyId'>;
  width?: number;
}) {
  return (
    <PropertyPicker
      aria-label="Property"
      label={null}
      placeholder="Any property"
      required={false}
      clearable
      value={params.filters.propertyId ?? ''}
      onChange={(propertyId) => params.setFilter('propertyId', propertyId)}
      w={{ base: '100%', sm: width }}
    />
  );
}
