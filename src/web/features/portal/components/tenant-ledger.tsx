import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PortalLedgerLine } from '../../../../shared/schemas/portal';
import { EmptyState } from '../../../components/page-states';
import { formatDate, formatMoney } from '../../../lib/format';

const KIND_LABELS: Record<PortalLedgerLine['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit: 'Credit',
  reversal: 'Reversal',
};

/** + adds to what is owed; a payment or credit shows with a minus. */
const signed = (amount: number) => (amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount));

/**
 * The lease's ledger, oldest first, with what was owed after each entry: a card per entry on
 * a phone, a table on a wider screen.
 */
export function TenantLedger({ lines }: { lines: PortalLedgerLine[] }) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  if (lines.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title="Nothing charged or paid yet">
          Rent, charges and your payments show here once your landlord records them.
        </EmptyState>
      </Paper>
    );
  }

  if (narrow) {
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label="Ledger"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {lines.map((line) => (
          <Paper
            key={line.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid="ledger-line"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {KIND_LABELS[line.kind]} · {formatDate(line.date)}
                </Text>
              </div>
              <div style={{ textAlign: 'right', flexShrink: 0 }}>
                <Text fw={600} size="sm">
                  {signed(line.amount)}
                </Text>
                <Text size="xs" c="dimmed">
                  Balance {formatMoney(line.runningBalance)}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md">
      <Table striped verticalSpacing="sm" data-testid="ledger-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0.75rem' }}>
          Every charge and payment on your lease, oldest first
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id} data-testid="ledger-line">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
              <Table.Td>{KIND_LABELS[line.kind]}</Table.Td>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{signed(line.amount)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.runningBalance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
