import { SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BankAccount, BankLine } from '../../../../shared/schemas/bank';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { useBankLines, type LineStatus } from '../api/get-bank-lines';
import { LineCard } from './line-card';
import { LineExpenseModal } from './line-expense-modal';
import { LinePaymentModal } from './line-payment-modal';

/** The month's statement lines, to confirm suggested matches or record what is missing. */
export function LinesPanel({
  account,
  month,
  onMonth,
}: {
  account: BankAccount;
  month: string;
  onMonth(month: string): void;
}) {
  const [status, setStatus] = useState<LineStatus>('unmatched');
  const lines = useBankLines(account.id, month, status);
  const [paying, setPaying] = useState<BankLine | null>(null);
  const [spending, setSpending] = useState<BankLine | null>(null);
  return (
    <Stack gap="md">
      <Stack gap="sm">
        <TextInput
          type="month"
          label="Month"
          value={month}
          onChange={(event) => event.currentTarget.value && onMonth(event.currentTarget.value)}
          maw={220}
        />
        <SegmentedControl
          aria-label="Which lines"
          value={status}
          onChange={(value) => setStatus(value as LineStatus)}
          data={[
            { value: 'unmatched', label: 'Unmatched' },
            { value: 'matched', label: 'Matched' },
            { value: 'all', label: 'All' },
          ]}
          maw={360}
        />
      </Stack>
      {lines.isPending ? (
        <LoadingState label="Loading lines..." />
      ) : lines.isError ? (
        <ErrorBanner>Failed to load the statement lines.</ErrorBanner>
      ) : lines.data.length === 0 ? (
        <EmptyState
          title={
            status === 'unmatched' ? 'Nothing left to match this month' : 'No lines this month'
          }
        >
          Import a statement, or choose another month.
        </EmptyState>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Statement lines"
        >
          {lines.data.map((line) => (
            <LineCard
              key={line.id}
              line={line}
              onRecordPayment={setPaying}
              onRecordExpense={setSpending}
            />
          ))}
        </Stack>
      )}
      <LinePaymentModal line={paying} onClose={() => setPaying(null)} />
      <LineExpenseModal line={spending} onClose={() => setSpending(null)} />
    </Stack>
  );
}
