import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { BankAccount } from '../../../../shared/schemas/bank';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useReconciliation } from '../api/get-reconciliation';
import { useTypeBalance } from '../api/match-line';
import { useSession } from '../../auth/session';

const SOURCES = { ofx: 'from the OFX file', csv: "from the CSV's balance column", typed: 'typed' };

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The month's statement balance against the books, and what is unmatched on both sides. */
export function ReconciliationPanel({
  account,
  month,
  onMonth,
}: {
  account: BankAccount;
  month: string;
  onMonth(month: string): void;
}) {
  const reconciliation = useReconciliation(account.id, month);
  const typeBalance = useTypeBalance();
  const [typed, setTyped] = useState<MoneyValue>('');
  const writes = useSession().can('money', 'write');

  const saveTyped = async (event: React.FormEvent) => {
    event.preventDefault();
    if (typeof typed !== 'number')
      return notifyOutcome('error', 'Type the closing balance the statement shows');
    try {
      await typeBalance.mutateAsync({ accountId: account.id, month, closingBalance: typed });
      notifyOutcome('success', 'Closing balance saved.');
      setTyped('');
    } catch (error) {
      notifyOutcome('error', errorMessage(error, 'Failed to save the closing balance'));
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        type="month"
        label="Month"
        value={month}
        onChange={(event) => event.currentTarget.value && onMonth(event.currentTarget.value)}
        maw={220}
      />
      {reconciliation.isPending ? (
        <LoadingState label="Reconciling..." />
      ) : reconciliation.isError ? (
        <ErrorBanner>Failed to load the reconciliation.</ErrorBanner>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <Figure
              label="Books at the month's start"
              value={formatMoney(reconciliation.data.openingBalance)}
            />
            <Figure label="Matched money in" value={formatMoney(reconciliation.data.matchedIn)} />
            <Figure label="Matched money out" value={formatMoney(reconciliation.data.matchedOut)} />
            <Figure
              label="Books at the month's end"
              value={formatMoney(reconciliation.data.booksClosing)}
              testId="books-closing"
            />
            <Figure
              label={
                reconciliation.data.statementClosing
                  ? `Statement closing balance (${SOURCES[reconciliation.data.statementClosing.source]})`
                  : 'Statement closing balance'
              }
              value={
                reconciliation.data.statementClosing
                  ? formatMoney(reconciliation.data.statementClosing.amount)
                  : 'Not known yet'
              }
              testId="statement-closing"
            />
            <Figure
              label="Difference (unmatched lines explain it)"
              value={
                reconciliation.data.difference === null
                  ? '—'
                  : formatMoney(reconciliation.data.difference)
              }
              testId="difference"
            />
          </SimpleGrid>
          {writes ? (
            <form onSubmit={(event) => void saveTyped(event)} aria-label="Type the closing balance">
              <Group align="flex-end" gap="sm">
                <MoneyInput
                  label="Closing balance on the statement"
                  description="USD"
                  value={typed}
                  onChange={setTyped}
                />
                <Button type="submit" variant="default" loading={typeBalance.isPending}>
                  Save balance
                </Button>
              </Group>
            </form>
          ) : null}
          <Title order={2} size="h4">
            Bank lines without a record ({formatMoney(reconciliation.data.unmatchedLinesTotal)})
          </Title>
          {reconciliation.data.unmatchedLines.length === 0 ? (
            <EmptyState title="Every line of the month is matched" />
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reconciliation.data.unmatchedLines.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>{formatDate(line.postedOn)}</Table.Td>
                      <Table.Td>{line.description}</Table.Td>
                      <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Title order={2} size="h4">
            Payments and expenses without a bank line
          </Title>
          {reconciliation.data.unmatchedRecords.length === 0 ? (
            <EmptyState title="Every payment and expense of the month is matched" />
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>What</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reconciliation.data.unmatchedRecords.map((record) => (
                    <Table.Tr key={`${record.kind}-${record.id}`}>
                      <Table.Td>{formatDate(record.date)}</Table.Td>
                      <Table.Td>{record.label}</Table.Td>
                      <Table.Td ta="right">{formatMoney(record.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Stack>
  );
}
