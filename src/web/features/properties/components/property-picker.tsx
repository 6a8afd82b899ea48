import type { SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import { ServerPicker } from '../../../components/server-picker';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { propertiesQueryOptions } from '../api/get-properties';

const PICKER_SIZE = 20;

async function searchProperties(q: string, signal: AbortSignal) {
  const page = await getPage<Property>(
    '/api/properties?mine=true',
    { q, limit: PICKER_SIZE },
    signal,
  );
  return page.rows.map((property) => ({ value: String(property.id), label: property.name }));
}

interface PropertyPickerProps extends Pick<
  SelectProps,
  'label' | 'aria-label' | 'placeholder' | 'required' | 'clearable' | 'w'
> {
  value: string;
  onChange(value: string): void;
  error?: React.ReactNode;
  onBlur?: () => void;
}

/**
 * One of the caller's properties, searched by the server as the user types. A form's required
 * 'Property' field by default; a list's filter passes its own label, placeholder and clearable.
 */
export function PropertyPicker({
  value,
  onChange,
  error,
  onBlur,
  label = 'Property',
  placeholder = 'Search your properties',
  required = true,
  ...props
}: PropertyPickerProps) {
  const id = Number(value);
  const current = useQuery({
    ...propertiesQueryOptions.detail(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  return (
    <ServerPicker
      {...props}
      label={label}
      placeholder={placeholder}
      required={required}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      queryKey={[...queryKeys.properties.all, 'picker']}
      search={searchProperties}
      selected={
        current.data ? { value: String(current.data.id), label: current.data.name } : undefined
      }
    />
  );
}

/** Whether the caller has any property at all (the forms say so when not). */
export function useHasProperties() {
  return useQuery({
    queryKey: [...queryKeys.properties.all, 'any'],
    queryFn: async ({ signal }) =>
      (await getPage<Property>('/api/properties?mine=true', { limit: 1 }, signal)).total > 0,
  });
}
