import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import { EmptyState } from '../../../components/page-states';
import { formatDate, formatMoney } from '../../../lib/format';
import { canReverse, entryDetails, entryName, entryTitle } from './entry-text';

interface LedgerEntriesProps {
  entries: LedgerEntry[];
  onReverse(entry: LedgerEntry): void;
}

/** A struck-through amount still reads in full; the badge beside it says why. */
const struck = (entry: LedgerEntry): CSSProperties | undefined =>
  entry.reversedById !== null ? { textDecoration: 'line-through' } : undefined;

const chargeOf = (entry: LedgerEntry) => (entry.delta > 0 ? formatMoney(entry.delta) : '');
const paymentOf = (entry: LedgerEntry) => (entry.delta < 0 ? formatMoney(-entry.delta) : '');

function ReversedBadge({ entry }: { entry: LedgerEntry }) {
  if (entry.reversedById === null) return null;
  return (
    <Badge color="gray" variant="light" size="sm" data-testid="reversed-badge">
      Reversed
    </Badge>
  );
}

function ReverseButton({ entry, onReverse }: { entry: LedgerEntry; onReverse(): void }) {
  if (!canReverse(entry)) return null;
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={`Reverse ${entryName(entry)}`}
      onClick={onReverse}
    >
      Reverse
    </Button>
  );
}

/**
 * A lease's entries in posting order with the balance after each: a table on a wide screen, a
 * card per entry on a phone, so no figure hides off to the side.
 */
export function LedgerEntries({ entries, onReverse }: LedgerEntriesProps) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const titleOf = (entry: LedgerEntry) =>
    entryTitle(entry, entry.reversesId === null ? undefined : byId.get(entry.reversesId));

  if (entries.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title="Nothing charged or paid yet">
          Rent is posted on each due date; record a payment or add a charge to start.
        </EmptyState>
      </Paper>
    );
  }

  if (narrow) {
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label="Ledger entries"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {entries.map((entry) => (
          <Paper
            key={entry.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="ledger-entry"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    {titleOf(entry)}
                  </Text>
                  <ReversedBadge entry={entry} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDate(entry.entryDate)}
                </Text>
                {entryDetails(entry) ? (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {entryDetails(entry)}
                  </Text>
                ) : null}
              </div>
              <div style={{ textAlign: 'right', flexShrink: 0 }}>
                <Text fw={600} size="sm" style={struck(entry)}>
                  {entry.delta > 0 ? `+${chargeOf(entry)}` : `-${paymentOf(entry)}`}
                </Text>
                <Text size="xs" c="dimmed">
                  Balance {formatMoney(entry.runningBalance)}
                </Text>
              </div>
            </Group>
            {canReverse(entry) ? (
              <Group justify="flex-end" mt="xs">
                <ReverseButton entry={entry} onReverse={() => onReverse(entry)} />
              </Group>
            ) : null}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" data-testid="ledger-table">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0.75rem' }}>
            Every charge, payment, credit and reversal, oldest first
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th ta="right">Charge</Table.Th>
              <Table.Th ta="right">Payment or credit</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid="ledger-entry">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.entryDate)}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {titleOf(entry)}
                    </Text>
                    <ReversedBadge entry={entry} />
                  </Group>
                  {entryDetails(entry) ? (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {entryDetails(entry)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" style={struck(entry)}>
                  {chargeOf(entry)}
                </Table.Td>
                <Table.Td ta="right" style={struck(entry)}>
                  {paymentOf(entry)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(entry.runningBalance)}</Table.Td>
                <Table.Td ta="right">
                  <ReverseButton entry={entry} onReverse={() => onReverse(entry)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
