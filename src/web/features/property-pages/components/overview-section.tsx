import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/page-states';

interface OverviewSectionProps<T> {
  title: string;
  section: { rows: T[]; total: number };
  rowKey(row: T): number;
  renderRow(row: T): ReactNode;
  empty: string;
  /** Beside the title: e.g. 'Add unit here'. */
  action?: ReactNode;
  /** Under the rows when some are not shown: e.g. a link to the full list. */
  more?: ReactNode;
}

/** One part of a property or unit page: a titled list that wraps on a phone, or why it is empty. */
export function OverviewSection<T>({
  title,
  section,
  rowKey,
  renderRow,
  empty,
  action,
  more,
}: OverviewSectionProps<T>) {
  const { rows, total } = section;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              {title}
            </Title>
            <Badge variant="light" color="gray" aria-label={`${total} in all`}>
              {total}
            </Badge>
          </Group>
          {action}
        </Group>
        {rows.length === 0 ? (
          <EmptyState title={empty} />
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((row) => (
              <li
                key={rowKey(row)}
                style={{
                  borderTop: '1px solid var(--mantine-color-gray-3)',
                  padding: 'var(--mantine-spacing-xs) 0',
                }}
              >
                {renderRow(row)}
              </li>
            ))}
          </Stack>
        )}
        {rows.length < total ? (
          <Text size="sm" c="dimmed">
            Showing {rows.length} of {total}. {more}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A row: its main link or name first, then the details, wrapping onto new lines on a phone. */
export function OverviewRow({
  main,
  details,
  end,
}: {
  main: ReactNode;
  details?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" align="center">
      {/* Room between the main link and a link in the details: each keeps a 24 px target. */}
      <Stack gap={8} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text fw={600} size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {main}
        </Text>
        {details ? (
          <Text size="sm" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>
            {details}
          </Text>
        ) : null}
      </Stack>
      {end ? (
        <Group gap="xs" wrap="wrap">
          {end}
        </Group>
      ) : null}
    </Group>
  );
}

/** A status as a word on a light colour: the word carries the meaning. */
export function StatusWord({ children, color }: { children: ReactNode; color: string }) {
  return (
    <Badge variant="light" color={color} style={{ overflow: 'visible' }}>
      {children}
    </Badge>
  );
}
