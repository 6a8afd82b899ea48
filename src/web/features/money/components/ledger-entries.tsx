import { Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import { LedgerTable, type LedgerColumn } from '../../../components/ledger-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { canReverse, entryDetails, entryName, entryTitle } from './entry-text';

interface LedgerEntriesProps {
  entries: LedgerEntry[];
  /** Absent: the caller may not reverse entries, and none offers Reverse. */
  onReverse?: (entry: LedgerEntry) => void;
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

/** A lease's entries in posting order with the balance after each, each reversible here. */
export function LedgerEntries({ entries, onReverse }: LedgerEntriesProps) {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const titleOf = (entry: LedgerEntry) =>
    entryTitle(entry, entry.reversesId === null ? undefined : byId.get(entry.reversesId));

  const columns: LedgerColumn<LedgerEntry>[] = [
    {
      header: 'Date',
      cell: (entry) => formatDate(entry.entryDate),
      style: () => ({ whiteSpace: 'nowrap' }),
    },
    {
      header: 'Entry',
      cell: (entry) => (
        <>
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
        </>
      ),
    },
    { header: 'Charge', align: 'right', cell: chargeOf, style: struck },
    { header: 'Payment or credit', align: 'right', cell: paymentOf, style: struck },
    { header: 'Balance', align: 'right', cell: (entry) => formatMoney(entry.runningBalance) },
  ];
  if (onReverse) {
    columns.push({
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      cell: (entry) => <ReverseButton entry={entry} onReverse={() => onReverse(entry)} />,
    });
  }

  return (
    <LedgerTable
      lines={entries}
      empty={{
        title: 'Nothing charged or paid yet',
        text: 'Rent is posted on each due date; record a payment or add a charge to start.',
      }}
      caption="Every charge, payment, credit and reversal, oldest first"
      listLabel="Ledger entries"
      lineTestId="ledger-entry"
      columns={columns}
      minWidth={720}
      card={(entry) => ({
        title: titleOf(entry),
        titleAside: entry.reversedById !== null ? <ReversedBadge entry={entry} /> : undefined,
        subtitle: formatDate(entry.entryDate),
        details: entryDetails(entry),
        amount: entry.delta > 0 ? `+${chargeOf(entry)}` : `-${paymentOf(entry)}`,
        amountStyle: struck(entry),
        footer:
          onReverse && canReverse(entry) ? (
            <ReverseButton entry={entry} onReverse={() => onReverse(entry)} />
          ) : undefined,
      })}
    />
  );
}
