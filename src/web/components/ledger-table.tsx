import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import { EmptyState } from './page-states';

export interface LedgerColumn<Line> {
  header: ReactNode;
  align?: 'right';
  cell(line: Line): ReactNode;
  style?(line: Line): CSSProperties | undefined;
}

/** One line as a phone card: what it is on the left, the amount and balance on the right. */
export interface LedgerCard {
  title: ReactNode;
  /** Beside the title (a 'Reversed' badge). */
  titleAside?: ReactNode;
  subtitle: ReactNode;
  details?: ReactNode;
  amount: ReactNode;
  amountStyle?: CSSProperties | undefined;
  /** Under the card (an action). */
  footer?: ReactNode;
}

interface LedgerTableProps<Line extends { id: number; runningBalance: number }> {
  lines: Line[];
  empty: { title: string; text: ReactNode };
  caption: string;
  /** The phone list's name for screen readers. */
  listLabel: string;
  /** Each line's test id, in both layouts. */
  lineTestId: string;
  columns: LedgerColumn<Line>[];
  card(line: Line): LedgerCard;
  /** Wider than this the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * A lease's ledger, oldest first, with what was owed after each line: a table on a wide screen,
 * a card per line on a phone, so no figure hides off to the side. The manager's ledger and the
 * tenant's home show their own columns through it.
 */
export function LedgerTable<Line extends { id: number; runningBalance: number }>({
  lines,
  empty,
  caption,
  listLabel,
  lineTestId,
  columns,
  card,
  minWidth,
}: LedgerTableProps<Line>) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  if (lines.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      </Paper>
    );
  }

  if (narrow) {
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label={listLabel}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {lines.map((line) => (
          <LedgerLineCard
            key={line.id}
            card={card(line)}
            balance={line.runningBalance}
            testId={lineTestId}
          />
        ))}
      </Stack>
    );
  }

  const table = (
    <Table striped verticalSpacing="sm" data-testid="ledger-table">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0.75rem' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} ta={column.align}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.id} data-testid={lineTestId}>
            {columns.map((column, index) => (
              <Table.Td key={index} ta={column.align} style={column.style?.(line)}>
                {column.cell(line)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Paper withBorder radius="md">
      {minWidth === undefined ? (
        table
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
      )}
    </Paper>
  );
}

function LedgerLineCard({
  card,
  balance,
  testId,
}: {
  card: LedgerCard;
  balance: number;
  testId: string;
}) {
  const title = (
    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {card.title}
    </Text>
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          {card.titleAside ? (
            <Group gap={6}>
              {title}
              {card.titleAside}
            </Group>
          ) : (
            title
          )}
          <Text size="xs" c="dimmed">
            {card.subtitle}
          </Text>
          {card.details ? (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {card.details}
            </Text>
          ) : null}
        </div>
        <div style={{ textAlign: 'right', flexShrink: 0 }}>
          <Text fw={600} size="sm" style={card.amountStyle}>
            {card.amount}
          </Text>
          <Text size="xs" c="dimmed">
            Balance {formatMoney(balance)}
          </Text>
        </div>
      </Group>
      {card.footer ? (
        <Group justify="flex-end" mt="xs">
          {card.footer}
        </Group>
      ) : null}
    </Paper>
  );
}
