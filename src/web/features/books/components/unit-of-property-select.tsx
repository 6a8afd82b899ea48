import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UnitListItem } from '../../../../shared/schemas/units';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Optionally one unit of the chosen property (an expense of the whole building has none). */
export function UnitOfPropertySelect({
  propertyId,
  value,
  onChange,
}: {
  propertyId: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = Number(propertyId);
  const units = useQuery({
    queryKey: [...queryKeys.units.lists(), 'of-property', id],
    queryFn: ({ signal }) =>
      getPage<UnitListItem>('/api/units?mine=true', { propertyId: id, limit: 100 }, signal),
    enabled: id > 0,
  });
  return (
    <Select
      label="Unit (optional)"
      placeholder={id > 0 ? 'The whole property' : 'Choose a property first'}
      clearable
      disabled={!(id > 0)}
      data={(units.data?.rows ?? []).map((u) => ({
        value: String(u.id),
        label: `Unit ${u.unitNumber}`,
      }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
