import { useQuery } from '@tanstack/react-query';
import type { UnitListItem } from '../../../../shared/schemas/units';
import { ServerPicker } from '../../../components/server-picker';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PICKER_SIZE = 20;
const unitLabel = (unit: { unitNumber: string; propertyName: string }) =>
  `${unit.propertyName} · Unit ${unit.unitNumber}`;

async function searchAvailableUnits(q: string, signal: AbortSignal) {
  const page = await getPage<UnitListItem>(
    '/api/units?mine=true',
    { q, status: 'Available', limit: PICKER_SIZE },
    signal,
  );
  return page.rows.map((unit) => ({ value: String(unit.id), label: unitLabel(unit) }));
}

/** A unit with its property's name, for the label of a choice that is already made. */
async function unitWithProperty(id: number, signal: AbortSignal) {
  const unit = await api.get<UnitListItem>(`/api/units/${id}`, signal);
  const property = await api.get<{ name: string }>(`/api/properties/${unit.propertyId}`, signal);
  return { ...unit, propertyName: property.name };
}

export function useUnitLabel(id: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.units.detail(id ?? 0), 'label'],
    queryFn: async ({ signal }) => unitLabel(await unitWithProperty(id!, signal)),
    enabled: id !== undefined && id > 0,
  });
}

/** Whether any of the caller's units is Available (the tenant form says so when none is). */
export function useHasAvailableUnits() {
  return useQuery({
    queryKey: [...queryKeys.units.all, 'any-available'],
    queryFn: async ({ signal }) =>
      (
        await getPage<UnitListItem>(
          '/api/units?mine=true',
          { status: 'Available', limit: 1 },
          signal,
        )
      ).total > 0,
  });
}

interface UnitPickerProps {
  value: string;
  onChange(value: string): void;
  error?: React.ReactNode;
  disabled?: boolean;
}

/** The caller's Available units (plus the current one on an edit), searched by the server. */
export function UnitPicker({ value, onChange, error, disabled }: UnitPickerProps) {
  const id = Number(value) || undefined;
  const label = useUnitLabel(id);
  return (
    <ServerPicker
      label="Unit"
      placeholder="Search your available units"
      required
      disabled={disabled}
      value={value}
      onChange={onChange}
      error={error}
      allowDeselect={false}
      queryKey={[...queryKeys.units.all, 'picker', 'available']}
      search={searchAvailableUnits}
      selected={label.data && value ? { value, label: label.data } : undefined}
    />
  );
}
