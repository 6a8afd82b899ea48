import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ArrearsRow } from '../../../../shared/schemas/money-reports';
import {
  METHOD_LABELS,
  PAYMENT_METHODS,
  paymentBodySchema,
} from '../../../../shared/schemas/ledger';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { refreshShowing } from '../../../lib/entity-caches';
import { formatMoney } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useServerToday } from '../../../lib/server-today';
import { useOpenBalances } from '../api/get-open-balances';
import { recordPayment } from '../api/record-payment';
import { LEDGER_WRITE_CHANGES } from '../api/use-ledger-mutation';
import { randomKey } from '../hooks/use-idempotency-key';
import { DateField } from './date-field';
import { MoneyReportsNav } from './money-reports-nav';

/** The last method used on this screen, kept in this browser. */
const METHOD_KEY = 'porchlight.receive-payments.method';

function rememberedMethod(): string {
  try {
    const stored = localStorage.getItem(METHOD_KEY);
    return (PAYMENT_METHODS as readonly string[]).includes(stored ?? '') ? stored! : '';
  } catch {
    return '';
  }
}

type Outcome =
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'recorded'; amount: number }
  | { kind: 'refused'; message: string };

interface Row {
  lease: ArrearsRow;
  amount: MoneyValue;
  reference: string;
  /** One key per row for the life of the screen: a retry of the row records nothing twice. */
  idempotencyKey: string;
  outcome: Outcome;
}

const rowOf = (lease: ArrearsRow): Row => ({
  lease,
  amount: lease.balance,
  reference: '',
  idempotencyKey: randomKey(),
  outcome: { kind: 'waiting' },
});

/** A row is sent when it has an amount and is not recorded yet; an emptied amount skips it. */
const toSend = (row: Row) =>
  row.outcome.kind !== 'recorded' && !(typeof row.amount === 'string' && row.amount.trim() === '');

function OutcomeText({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'recorded') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
        <Text size="sm" fw={600}>
          Recorded {formatMoney(outcome.amount)}
        </Text>
      </Group>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <Text size="sm" c="var(--mantine-color-error)" fw={600}>
        Refused: {outcome.message}
      </Text>
    );
  }
  if (outcome.kind === 'saving') return <Text size="sm">Recording…</Text>;
  return null;
}

function ReceiveForm({ leases }: { leases: ArrearsRow[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => leases.map(rowOf));
  const [method, setMethod] = useState(rememberedMethod);
  const [methodError, setMethodError] = useState<string | null>(null);
  const today = useServerToday();
  const [entryDate, setEntryDate] = useState(today);
  const [running, setRunning] = useState(false);
  // A second click before the screen re-renders starts nothing (the keys would save it anyway).
  const busy = useRef(false);
  const [summary, setSummary] = useState('');
  const amountRefs = useRef<(HTMLInputElement | null)[]>([]);
  const submitRef = useRef<HTMLButtonElement | null>(null);

  const update = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  /** Enter moves to the next row's amount; from the last row, to the submit button. */
  function nextRow(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = amountRefs.current.slice(index + 1).find((input) => input && !input.readOnly);
    (next ?? submitRef.current)?.focus();
  }

  function chooseMethod(value: string) {
    setMethod(value);
    setMethodError(null);
    try {
      localStorage.setItem(METHOD_KEY, value);
    } catch {
      // A browser that keeps nothing asks again next time.
    }
  }

  const pending = rows.filter(toSend);
  const total = pending.reduce(
    (sum, row) => sum + (typeof row.amount === 'number' ? Math.round(row.amount * 100) : 0),
    0,
  );

  async function submit() {
    if (busy.current) return;
    if (method === '') {
      setMethodError('Choose how the money was paid');
      return;
    }
    busy.current = true;
    setRunning(true);
    let recorded = 0;
    let refused = 0;
    // One at a time, in the screen's order: each row is its own payment call with its own key.
    for (const [index, row] of rows.entries()) {
      if (!toSend(row)) continue;
      const parsed = paymentBodySchema.safeParse({
        amount: row.amount,
        entryDate,
        method,
        reference: row.reference,
        note: '',
        idempotencyKey: row.idempotencyKey,
      });
      if (!parsed.success) {
        refused += 1;
        update(index, {
          outcome: { kind: 'refused', message: parsed.error.issues[0]?.message ?? 'Invalid' },
        });
        continue;
      }
      update(index, { outcome: { kind: 'saving' } });
      try {
        const ledger = await recordPayment({ leaseId: row.lease.leaseId, body: parsed.data });
        queryClient.setQueryData(queryKeys.ledger.detail(row.lease.leaseId), ledger);
        recorded += 1;
        update(index, { outcome: { kind: 'recorded', amount: parsed.data.amount } });
      } catch (error) {
        refused += 1;
        update(index, {
          outcome: { kind: 'refused', message: errorMessage(error, 'Failed to record payment') },
        });
      }
    }
    setSummary(
      `${recorded} ${recorded === 1 ? 'payment' : 'payments'} recorded` +
        (refused > 0 ? `, ${refused} refused: correct them and record again.` : '.'),
    );
    busy.current = false;
    setRunning(false);
    // Marked stale, not read now: the rows and their outcomes stay on screen.
    await refreshShowing(queryClient, LEDGER_WRITE_CHANGES, { refetchType: 'none' });
  }

  return (
    <form
      noValidate
      aria-label="Receive payments"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={560}>
          <NativeSelect
            label="Method"
            description="Kept for next time on this browser"
            required
            value={method}
            error={methodError}
            onChange={(event) => chooseMethod(event.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a method', disabled: true },
              ...PAYMENT_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] })),
            ]}
          />
          <DateField
            label="Date received"
            max={today}
            value={entryDate}
            onChange={(event) => setEntryDate(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Each amount starts at what the lease owes. Change it to what was received, or empty it to
          skip the lease. Enter moves to the next row.
        </Text>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row, index) => {
            const who = `${row.lease.tenantName}, ${row.lease.propertyName} unit ${row.lease.unitNumber}`;
            const done = row.outcome.kind === 'recorded';
            return (
              <Paper
                key={row.lease.leaseId}
                component="li"
                withBorder
                p="sm"
                data-testid="receive-row"
              >
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb={6}>
                  <Text fw={600} size="sm">
                    {who}
                  </Text>
                  <Text size="sm">Owes {formatMoney(row.lease.balance)}</Text>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                  <MoneyInput
                    label="Amount"
                    aria-label={`Amount from ${who}`}
                    value={row.amount}
                    readOnly={done}
                    ref={(input) => {
                      amountRefs.current[index] = input;
                    }}
                    onChange={(amount) => update(index, { amount })}
                    onKeyDown={(event) => nextRow(event, index)}
                  />
                  <TextInput
                    label="Reference"
                    aria-label={`Reference for ${who}`}
                    maxLength={100}
                    value={row.reference}
                    readOnly={done}
                    onChange={(event) => update(index, { reference: event.currentTarget.value })}
                    onKeyDown={(event) => nextRow(event, index)}
                  />
                  <Stack justify="flex-end" gap={0}>
                    <OutcomeText outcome={row.outcome} />
                  </Stack>
                </SimpleGrid>
              </Paper>
            );
          })}
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button type="submit" ref={submitRef} loading={running} disabled={pending.length === 0}>
            {pending.length === 1
              ? `Record 1 payment (${formatMoney(total / 100)})`
              : `Record ${pending.length} payments (${formatMoney(total / 100)})`}
          </Button>
          <Button component={Link} to="/rent-roll" variant="default">
            Back to the rent roll
          </Button>
        </Group>
        <Text role="status" aria-live="polite" size="sm" fw={600}>
          {summary}
        </Text>
      </Stack>
    </form>
  );
}

/**
 * /rent-roll/receive: every open balance on one screen, each amount prefilled with what the
 * lease owes, one method and date for all (the method remembered in this browser), a
 * reference per row. One submit records each row as its own idempotent payment and shows
 * each row's result; recording again sends only the rows not recorded, with their same keys.
 */
export function ReceivePaymentsPage() {
  const balances = useOpenBalances();
  return (
    <>
      <PageHeader
        title="Receive payments"
        description="Record what tenants paid, for every lease that owes, in one go."
      />
      <MoneyReportsNav />
      {balances.isPending ? (
        <LoadingState label="Loading open balances..." />
      ) : balances.isError ? (
        <ErrorBanner>
          {errorMessage(balances.error, 'Failed to load the open balances')}
        </ErrorBanner>
      ) : balances.data.length === 0 ? (
        <EmptyState title="Nothing is owed">Every lease is paid up today.</EmptyState>
      ) : (
        <ReceiveForm leases={balances.data} />
      )}
    </>
  );
}
