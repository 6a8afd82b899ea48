import { Select, TextInput } from '@mantine/core';
import type { ComboboxData } from '@mantine/core';

/** What a filter needs of a list's address state (lib/list-params.ts). */
export interface FilterParams<Name extends string> {
  filters: Partial<Record<Name, string>>;
  setFilter(name: Name, value: string): void;
}

/** One of a few values, or any (cleared). The placeholder says what 'any' means. */
export function SelectFilter<Name extends string>({
  params,
  name,
  label,
  placeholder,
  data,
  width,
  searchable,
}: {
  params: FilterParams<Name>;
  name: Name;
  label: string;
  placeholder: string;
  data: ComboboxData;
  /** Width beside the search box; a phone gives each filter the whole row. */
  width: number;
  searchable?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      clearable
      searchable={searchable}
      data={data}
      value={params.filters[name] ?? null}
      onChange={(value) => params.setFilter(name, value ?? '')}
      w={{ base: '100%', sm: width }}
    />
  );
}

/** A calendar date bound (from, to, as of), with its label shown above it. */
export function DateFilter<Name extends string>({
  params,
  name,
  label,
}: {
  params: FilterParams<Name>;
  name: Name;
  label: string;
}) {
  return (
    <TextInput
      label={label}
      type="date"
      value={params.filters[name] ?? ''}
      onChange={(event) => params.setFilter(name, event.currentTarget.value)}
      w={{ base: '100%', sm: 170 }}
    />
  );
}
