import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../../../shared/expense-categories';
import type { BankLine } from '../../../../shared/schemas/bank';
import { StatusBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { MoneyModal } from '../../money';
import { PropertyPicker } from '../../properties';
import { useRecordLineAsExpense } from '../api/match-line';
import { DialogActions } from './dialog-actions';

/** "Record as expense": the withdrawal becomes a paid expense, prefilled from the line. */
export function LineExpenseModal({ line, onClose }: { line: BankLine | null; onClose(): void }) {
  return (
    <MoneyModal opened={line !== null} title="Record as expense" onClose={onClose}>
      {line ? <LineExpenseForm line={line} onClose={onClose} /> : null}
    </MoneyModal>
  );
}

function LineExpenseForm({ line, onClose }: { line: BankLine; onClose(): void }) {
  const record = useRecordLineAsExpense();
  const [propertyId, setPropertyId] = useState('');
  const [category, setCategory] = useState<ExpenseCategory | null>(null);
  const [memo, setMemo] = useState(line.description);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!propertyId) return setProblem('Choose the property this expense is for');
    if (!category) return setProblem('Choose a category');
    try {
      await record.mutateAsync({
        lineId: line.id,
        body: { propertyId: Number(propertyId), category, memo: memo || null },
      });
      notifyOutcome('success', `Expense of ${formatMoney(-line.amount)} recorded and matched.`);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to record the expense'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Record as expense">
      <Stack gap="md">
        <StatusBanner
          banner={problem ? { kind: 'error', message: problem } : null}
          onClose={() => setProblem(null)}
        />
        <Text>
          {formatMoney(-line.amount)} paid on {formatDate(line.postedOn)}: {line.description}
        </Text>
        <PropertyPicker value={propertyId} onChange={setPropertyId} required />
        <Select
          label="Category"
          required
          placeholder="Choose a category"
          data={EXPENSE_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
          value={category}
          onChange={(value) => setCategory(value as ExpenseCategory | null)}
          searchable
        />
        <TextInput
          label="Memo"
          maxLength={500}
          value={memo}
          onChange={(event) => setMemo(event.currentTarget.value)}
        />
        <DialogActions busy={record.isPending} submitLabel="Record expense" onCancel={onClose} />
      </Stack>
    </form>
  );
}
