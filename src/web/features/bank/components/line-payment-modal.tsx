import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PAYMENT_METHODS, METHOD_LABELS } from '../../../../shared/schemas/ledger';
import type { BankLine } from '../../../../shared/schemas/bank';
import { ServerPicker } from '../../../components/server-picker';
import { StatusBanner } from '../../../components/status-banner';
import { getPage, errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import type { LeaseListItem } from '../../../../shared/schemas/leases';
import { MoneyModal } from '../../money';
import { useRecordLineAsPayment } from '../api/match-line';
import { DialogActions } from './dialog-actions';

/** "Record as payment": the deposit becomes a payment on the chosen lease, matched to the line. */
export function LinePaymentModal({ line, onClose }: { line: BankLine | null; onClose(): void }) {
  return (
    <MoneyModal opened={line !== null} title="Record as payment" onClose={onClose}>
      {line ? <LinePaymentForm line={line} onClose={onClose} /> : null}
    </MoneyModal>
  );
}

function LinePaymentForm({ line, onClose }: { line: BankLine; onClose(): void }) {
  const record = useRecordLineAsPayment();
  const [leaseId, setLeaseId] = useState('');
  const [method, setMethod] = useState<string>('bank_transfer');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!leaseId) return setProblem('Choose the lease this money was paid on');
    try {
      await record.mutateAsync({
        lineId: line.id,
        body: {
          leaseId: Number(leaseId),
          method: method as (typeof PAYMENT_METHODS)[number],
          note: note || null,
        },
      });
      notifyOutcome('success', `Payment of ${formatMoney(line.amount)} recorded and matched.`);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to record the payment'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Record as payment">
      <Stack gap="md">
        <StatusBanner
          banner={problem ? { kind: 'error', message: problem } : null}
          onClose={() => setProblem(null)}
        />
        <Text>
          {formatMoney(line.amount)} received on {formatDate(line.postedOn)}: {line.description}
        </Text>
        <ServerPicker
          label="Lease"
          required
          placeholder="Search by tenant, unit or property"
          value={leaseId}
          onChange={setLeaseId}
          queryKey={[...queryKeys.leases.all, 'bank-picker']}
          search={async (q, signal) =>
            (await getPage<LeaseListItem>('/api/leases', { q, limit: 20 }, signal)).rows.map(
              (lease) => ({
                value: String(lease.id),
                label: `${lease.firstName} ${lease.lastName}, ${lease.propertyName}`,
              }),
            )
          }
        />
        <Select
          label="Method"
          data={PAYMENT_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
          value={method}
          onChange={(value) => value && setMethod(value)}
          allowDeselect={false}
        />
        <TextInput
          label="Note"
          description="Optional"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <DialogActions busy={record.isPending} submitLabel="Record payment" onCancel={onClose} />
      </Stack>
    </form>
  );
}
