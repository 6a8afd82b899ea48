import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns } from '@tabler/icons-react';

/**
 * Which columns of a list are hidden, remembered in this browser per list. The first column
 * (what names the row) always shows, so a row is never left without its name.
 */
export function useHiddenColumns(list: string) {
  return useLocalStorage<string[]>({
    key: `porchlight.hidden-columns.${list}`,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
}

export function ColumnChooser({
  list,
  columns,
  hidden,
  onChange,
}: {
  list: string;
  columns: { key: string; header: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const [first, ...rest] = columns;
  if (!first || rest.length === 0) return null;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={14} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" component="fieldset" style={{ border: 0, margin: 0, padding: 0 }}>
          <Text component="legend" size="sm" fw={600} mb={4}>
            Columns of {list.toLowerCase()}
          </Text>
          <Checkbox label={first.header} checked disabled />
          {rest.map((column) => (
            <Checkbox
              key={column.key}
              label={column.header}
              checked={!hidden.includes(column.key)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? hidden.filter((key) => key !== column.key)
                    : [...hidden, column.key],
                )
              }
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
