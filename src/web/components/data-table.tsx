import {
  Group,
  Paper,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { EmptyState } from './page-states';

export interface Column<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** The value to sort by; columns without one are not sortable. */
  sortValue?: (row: Row) => string | number | null;
  align?: 'left' | 'right';
}

interface DataTableProps<Row> {
  /** Names the table for screen readers, e.g. 'Units'. */
  caption: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Text searched by the quick filter; omit to hide the filter. */
  filterText?: (row: Row) => string;
  filterLabel?: string;
  empty: { title: string; description?: ReactNode };
  /** Edit / Delete buttons for a row. */
  actions?: (row: Row) => ReactNode;
}

/** A readable table with a quick filter, sortable columns and a clear empty state. */
export function DataTable<Row>({
  caption,
  rows,
  columns,
  rowKey,
  filterText,
  filterLabel,
  empty,
  actions,
}: DataTableProps<Row>) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: string; direction: 'asc' | 'desc' } | null>(null);

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const filtered =
      needle && filterText
        ? rows.filter((row) => filterText(row).toLowerCase().includes(needle))
        : rows;
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!column?.sortValue) return filtered;
    const factor = sort?.direction === 'desc' ? -1 : 1;
    return [...filtered].sort(
      (a, b) => compare(column.sortValue!(a), column.sortValue!(b)) * factor,
    );
  }, [rows, filter, filterText, sort, columns]);

  function toggleSort(key: string) {
    setSort((current) =>
      current?.key !== key
        ? { key, direction: 'asc' }
        : current.direction === 'asc'
          ? { key, direction: 'desc' }
          : null,
    );
  }

  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title={empty.title}>{empty.description}</EmptyState>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md">
      {filterText ? (
        <Group p="sm" pb={0}>
          <TextInput
            aria-label={filterLabel ?? `Filter ${caption.toLowerCase()}`}
            placeholder={filterLabel ?? 'Filter...'}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
      ) : null}
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="sm" miw={600}>
          <Table.Caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : null;
                return (
                  <Table.Th
                    key={column.key}
                    ta={column.align ?? 'left'}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {column.sortValue ? (
                      <UnstyledButton onClick={() => toggleSort(column.key)} fw={600} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          {direction === 'asc' ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : direction === 'desc' ? (
                            <IconArrowDown size={14} aria-hidden />
                          ) : (
                            <IconArrowsSort size={14} aria-hidden opacity={0.5} />
                          )}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
              {actions ? (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align ?? 'left'}>
                    {column.render(row)}
                  </Table.Td>
                ))}
                {actions ? (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {visible.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" size="sm">
          Nothing matches “{filter}”.
        </Text>
      ) : null}
    </Paper>
  );
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-US', { numeric: true, sensitivity: 'base' });
}
