import type { UnitListItem } from '../../../../shared/schemas/units';
import { ServerPicker, type PickerOption } from '../../../components/server-picker';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Optionally one unit of the chosen property (an expense of the whole building has none),
 * searched by its number: a building may have hundreds.
 */
export function UnitOfPropertySelect({
  propertyId,
  value,
  onChange,
  selected,
}: {
  propertyId: string;
  value: string;
  onChange(value: string): void;
  /** The unit already chosen (an edit), named even when not among the first matches. */
  selected?: PickerOption | undefined;
}) {
  const id = Number(propertyId);
  return (
    <ServerPicker
      // A new property is a new list of units: the picker starts again.
      key={id}
      label="Unit (optional)"
      placeholder={id > 0 ? 'The whole property' : 'Choose a property first'}
      clearable
      disabled={!(id > 0)}
      value={value}
      onChange={onChange}
      selected={selected}
      queryKey={[...queryKeys.units.lists(), 'of-property', id]}
      search={async (q, signal) =>
        id > 0
          ? (
              await getPage<UnitListItem>(
                '/api/units?mine=true',
                { propertyId: id, q, limit: 20 },
                signal,
              )
            ).rows.map((unit) => ({ value: String(unit.id), label: `Unit ${unit.unitNumber}` }))
          : []
      }
    />
  );
}
