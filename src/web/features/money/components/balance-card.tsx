import { Paper, Text } from '@mantine/core';
import type { Ledger } from '../../../../shared/schemas/ledger';
import { formatMoney } from '../../../lib/format';

/** The balance as the server sums it: what the tenant owes, or the credit held for them. */
export function BalanceCard({ ledger }: { ledger: Ledger }) {
  const credit = ledger.balance < 0;
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite" data-testid="ledger-balance-card">
      <Text size="sm" c="dimmed">
        {credit ? 'Credit held for the tenant' : 'Balance owed'}
      </Text>
      <Text fw={700} fz={32} lh={1.2} data-testid="ledger-balance">
        {formatMoney(credit ? -ledger.balance : ledger.balance)}
      </Text>
      {ledger.unapplied > 0 && !credit ? (
        <Text size="sm">{formatMoney(ledger.unapplied)} paid ahead of the charges.</Text>
      ) : null}
    </Paper>
  );
}
