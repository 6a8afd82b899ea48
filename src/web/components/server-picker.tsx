import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export interface PickerOption {
  value: string;
  label: string;
}

interface ServerPickerProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'
> {
  value: string;
  onChange(value: string): void;
  /** Names the cache entry of the choices, e.g. ['units', 'picker']. */
  queryKey: readonly unknown[];
  /** A page of choices matching what was typed, asked of the server. */
  search(text: string, signal: AbortSignal): Promise<PickerOption[]>;
  /** The current choice's label, when it may not be among the first matches (an edit). */
  selected?: PickerOption | undefined;
}

/**
 * A select whose choices the server searches as the user types: it loads a short page, never
 * every record, however many the landlord has.
 */
export function ServerPicker({
  value,
  onChange,
  queryKey,
  search,
  selected,
  ...props
}: ServerPickerProps) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 200);
  const [chosen, setChosen] = useState<PickerOption | undefined>(undefined);
  const choices = useQuery({
    queryKey: [...queryKey, { q: debounced }],
    queryFn: ({ signal }) => search(debounced, signal),
    placeholderData: keepPreviousData,
  });
  const current = [chosen, selected].find((option) => option?.value === value);
  const options = choices.data ?? [];
  const data =
    current && !options.some((option) => option.value === current.value)
      ? [current, ...options]
      : options;

  return (
    <Select
      {...props}
      searchable
      // The server has already filtered; the typed text may match fields the label leaves out.
      filter={({ options: all }) => all}
      data={data}
      value={value || null}
      onChange={(next, option) => {
        setChosen(option ? { value: option.value, label: option.label } : undefined);
        onChange(next ?? '');
      }}
      onSearchChange={(next) => setText(next === current?.label ? '' : next)}
      nothingFoundMessage={choices.isFetching ? 'Searching...' : 'Nothing found'}
    />
  );
}
