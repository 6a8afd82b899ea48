import {
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useState, type ReactNode } from 'react';
import type { Page } from '../lib/api-client';
import { PAGE_SIZE, type ListParams } from '../lib/list-params';
import { ColumnChooser, useHiddenColumns } from './column-chooser';
import { EmptyState, ErrorBanner } from './page-states';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- ties a column list to its list's sort keys
export interface Column<Row, SortKey extends string = string> {
  /** Also the sort key sent to the server when `sortable`. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right';
}

interface ServerTableProps<Row, SortKey extends string, Filter extends string> {
  /** Names the table for screen readers, e.g. 'Units'. */
  caption: string;
  /** The page from the server (undefined while the first one loads). */
  data: Page<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: string | null;
  params: ListParams<SortKey, Filter>;
  columns: Column<Row, SortKey>[];
  rowKey: (row: Row) => number;
  searchLabel?: string;
  /** Filters beside the search box (selects, dates). */
  filters?: ReactNode;
  empty: { title: string; description?: ReactNode };
  /** Edit / Delete for a row. */
  actions?: (row: Row) => ReactNode;
  /** Rows chosen with checkboxes, for an action on all of them (e.g. invite the chosen tenants). */
  selection?: RowSelection<Row>;
}

export interface RowSelection<Row> {
  selected: Row[];
  onChange(rows: Row[]): void;
  /** Names a row for its checkbox, e.g. 'Ada Lovelace, unit 101'. */
  label(row: Row): string;
}

/**
 * A list paged, sorted, searched and filtered by the server, with its state in the address.
 * On a narrow screen each row becomes a card, so nothing hides off to the side.
 */
export function ServerTable<Row, SortKey extends string, Filter extends string>({
  caption,
  data,
  isPending,
  isFetching,
  error,
  params,
  columns: allColumns,
  rowKey,
  searchLabel,
  filters,
  empty,
  actions,
  selection,
}: ServerTableProps<Row, SortKey, Filter>) {
  const [hidden, setHidden] = useHiddenColumns(caption);
  const columns = allColumns.filter((column, i) => i === 0 || !hidden.includes(column.key));
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [search, setSearch] = useState(params.q);
  const sendSearch = useDebouncedCallback((value: string) => params.setFilter('q', value), 250);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = params.q !== '' || Object.keys(params.filters).length > 0;

  const toolbar = (
    <Group p="sm" pb={0} gap="sm" align="flex-end" wrap="wrap">
      {searchLabel ? (
        <TextInput
          aria-label={searchLabel}
          placeholder={searchLabel}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            sendSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 320 }}
        />
      ) : null}
      {filters}
      {filtered ? (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            setSearch('');
            params.clearFilters();
          }}
        >
          Clear filters
        </Button>
      ) : null}
      <div style={{ marginLeft: 'auto' }}>
        <ColumnChooser list={caption} columns={allColumns} hidden={hidden} onChange={setHidden} />
      </div>
    </Group>
  );

  let body: ReactNode;
  if (error) {
    body = <ErrorBanner>{error}</ErrorBanner>;
  } else if (isPending) {
    // The shape of the rows to come, so the page does not jump when they arrive.
    body = (
      <Stack gap="xs" p="sm" role="status" aria-live="polite">
        <VisuallyHidden>{`Loading ${caption.toLowerCase()}...`}</VisuallyHidden>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={28} radius="sm" aria-hidden />
        ))}
      </Stack>
    );
  } else if (total === 0) {
    body = filtered ? (
      <EmptyState title={`No ${caption.toLowerCase()} match these filters`}>
        Change or clear the filters to see more.
      </EmptyState>
    ) : (
      <EmptyState title={empty.title}>{empty.description}</EmptyState>
    );
  } else if (narrow) {
    body = (
      <Stack gap="sm" p="sm" role="list" aria-label={caption} aria-busy={isFetching}>
        {data!.rows.map((row) => (
          <Paper key={rowKey(row)} withBorder radius="md" p="sm" role="listitem">
            {selection ? <CardCheckbox row={row} rowKey={rowKey} selection={selection} /> : null}
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
              {columns.map((column) => (
                // A long value (an email) wraps inside its cell instead of running under the next.
                <div key={column.key} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {column.header}
                  </Text>
                  <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            {actions ? (
              <Group gap="xs" mt="sm" justify="flex-end">
                {actions(row)}
              </Group>
            ) : null}
          </Paper>
        ))}
      </Stack>
    );
  } else {
    const tableColumns: DataTableColumn<Row>[] = columns.map((column) => ({
      accessor: column.key,
      title: column.header,
      sortable: !!column.sortable,
      textAlign: column.align ?? 'left',
      render: (row: Row) => column.render(row),
    }));
    if (actions) {
      tableColumns.push({
        accessor: 'actions',
        title: <VisuallyHidden>Actions</VisuallyHidden>,
        textAlign: 'right',
        render: (row: Row) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {actions(row)}
          </Group>
        ),
      });
    }
    body = (
      <DataTable<Row>
        aria-label={caption}
        minHeight={120}
        striped
        highlightOnHover
        verticalSpacing="sm"
        records={data!.rows}
        columns={tableColumns}
        idAccessor={(row) => rowKey(row)}
        fetching={isFetching}
        loaderBackgroundBlur={0}
        sortStatus={{
          columnAccessor: params.sort ?? '',
          direction: params.order,
        }}
        onSortStatusChange={({ columnAccessor, direction }) =>
          params.setSort(columnAccessor as SortKey, direction)
        }
        {...(selection
          ? {
              selectedRecords: selection.selected,
              onSelectedRecordsChange: selection.onChange,
              selectionTrigger: 'checkbox' as const,
              getRecordSelectionCheckboxProps: (row: Row) => ({
                'aria-label': `Choose ${selection.label(row)}`,
              }),
              allRecordsSelectionCheckboxProps: {
                'aria-label': `Choose every ${caption.toLowerCase().replace(/s$/, '')} on this page`,
              },
            }
          : {})}
      />
    );
  }

  // The delete dialogs of the rows open here; only list screens load the dialog code.
  return (
    <ModalsProvider>
      <Paper withBorder radius="md">
        {toolbar}
        {body}
        {total > 0 && !error ? (
          <Group justify="space-between" p="sm" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {`${(params.page - 1) * PAGE_SIZE + 1}-${Math.min(params.page * PAGE_SIZE, total)} of ${total.toLocaleString('en-US')}`}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(params.page, pages)}
                onChange={params.setPage}
                size="sm"
                siblings={narrow ? 0 : 1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              />
            ) : null}
          </Group>
        ) : null}
      </Paper>
    </ModalsProvider>
  );
}

/** A card's checkbox on a narrow screen, where the table's checkbox column is not shown. */
function CardCheckbox<Row>({
  row,
  rowKey,
  selection,
}: {
  row: Row;
  rowKey: (row: Row) => number;
  selection: RowSelection<Row>;
}) {
  const key = rowKey(row);
  const checked = selection.selected.some((chosen) => rowKey(chosen) === key);
  return (
    <Checkbox
      mb="xs"
      label={`Choose ${selection.label(row)}`}
      checked={checked}
      onChange={(event) =>
        selection.onChange(
          event.currentTarget.checked
            ? [...selection.selected, row]
            : selection.selected.filter((chosen) => rowKey(chosen) !== key),
        )
      }
    />
  );
}
