import type { ComponentProps } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DEDUCTION_CATEGORIES,
  MAX_DEDUCTIONS,
  depositSettlementBodySchema,
} from '../../../../shared/schemas/deposits';
import { CATEGORY_LABELS } from '../../../../shared/schemas/ledger';
import { useConfirmation, type Confirmation } from '../../../components/confirm-dialog';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatDate, formatMoney } from '../../../lib/format';
import { useServerToday } from '../../../lib/server-today';
import { useSettleDeposit } from '../api/settle-deposit';
import { estimateSettlement } from '../hooks/settlement-estimate';
import { DateField } from './date-field';
import { MoneyForm } from './money-form';
import { MoneyModal } from './money-modal';

interface DeductionValues {
  /** Names the row for React while rows come and go. */
  key: string;
  description: string;
  amount: number | string;
  category: (typeof DEDUCTION_CATEGORIES)[number];
}

interface SettlementValues {
  date: string;
  deductions: DeductionValues[];
  applyToOpenCharges: boolean;
}

const validateSettlement = schemaResolver(depositSettlementBodySchema, { sync: true });
let rowCount = 0;
const newDeduction = (): DeductionValues => ({
  key: `deduction-${++rowCount}`,
  description: '',
  amount: '',
  category: 'damages',
});

/** What settling does (docs/product.md section 20), asked before it is sent. */
function settleConfirmation(
  values: SettlementValues,
  held: number,
  openCharges: number,
): Confirmation {
  const estimate = estimateSettlement({ held, openCharges, ...values });
  const count = values.deductions.length;
  const happens = [
    `The deposit of ${formatMoney(held)} held is settled on ${formatDate(values.date)}.`,
    count > 0
      ? `${count} ${count === 1 ? 'deduction' : 'deductions'} of ${formatMoney(estimate.deducted)} in all ${count === 1 ? 'is' : 'are'} charged to the ledger and paid from the deposit.`
      : 'No deductions are taken.',
  ];
  if (estimate.unpaidDeductions > 0) {
    happens.push(
      `${formatMoney(estimate.unpaidDeductions)} of deductions is beyond the deposit and stays owed on the ledger.`,
    );
  }
  if (estimate.applied > 0) {
    happens.push(`${formatMoney(estimate.applied)} pays the lease's open charges.`);
  }
  happens.push(
    `${formatMoney(estimate.returned)} is to be returned to the tenant; the deposit held becomes ${formatMoney(0)}.`,
  );
  return {
    title: 'Settle this deposit?',
    happens,
    cannotUndo:
      'This cannot be undone: a deposit is settled once, and its records are never changed. A deduction charged by mistake can only be reversed on the ledger.',
    confirmLabel: 'Settle deposit',
    danger: true,
  };
}

function SettleDepositForm({
  leaseId,
  held,
  openCharges,
  onClose,
}: {
  leaseId: number;
  held: number;
  openCharges: number;
  onClose(): void;
}) {
  const today = useServerToday();
  const settle = useSettleDeposit();
  const { ask, dialog } = useConfirmation();
  const initialValues: SettlementValues = {
    date: today,
    deductions: [],
    applyToOpenCharges: true,
  };
  const submission = useEntityForm({
    initialValues,
    validate: validateSettlement,
    toBody: (values) => depositSettlementBodySchema.parse(values),
    confirm: (_, values) => ask(settleConfirmation(values, held, openCharges)),
    save: (body) => settle.mutateAsync({ leaseId, body }),
    onSaved: (deposit) => ({
      then: 'close',
      message: `Deposit settled: ${formatMoney(deposit.settlement?.returned ?? 0)} to return to the tenant.`,
      close: onClose,
    }),
    failed: 'Failed to settle the deposit',
  });
  const { form } = submission;
  const estimate = estimateSettlement({ held, openCharges, ...form.values });

  return (
    <MoneyForm
      label="Settle deposit"
      submission={submission}
      submitLabel="Settle deposit"
      onCancel={onClose}
    >
      {dialog}
      <Text size="sm">{formatMoney(held)} is held. This can be done once, at move-out.</Text>
      <DateField label="Date" max={today} {...form.getInputProps('date')} />
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm">
          Deductions
        </Text>
        {form.values.deductions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No deductions: the whole deposit goes back, less any open charges you apply it to.
          </Text>
        ) : null}
        {form.values.deductions.map((deduction, index) => (
          <Paper key={deduction.key} withBorder p="sm" data-testid="deduction-row">
            <Stack gap="xs">
              <TextInput
                label={`Deduction ${index + 1}: description`}
                required
                maxLength={200}
                {...form.getInputProps(`deductions.${index}.description`)}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <MoneyInput
                  label="Amount"
                  required
                  style={{ flex: 1 }}
                  {...form.getInputProps(`deductions.${index}.amount`)}
                />
                <NativeSelect
                  label="Type"
                  data={DEDUCTION_CATEGORIES.map((value) => ({
                    value,
                    label: CATEGORY_LABELS[value],
                  }))}
                  {...form.getInputProps(`deductions.${index}.category`)}
                />
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Remove deduction ${index + 1}`}
                  onClick={() => form.removeListItem('deductions', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        ))}
        {form.values.deductions.length < MAX_DEDUCTIONS ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => form.insertListItem('deductions', newDeduction())}
            style={{ alignSelf: 'flex-start' }}
          >
            Add deduction
          </Button>
        ) : null}
      </Stack>
      <Checkbox
        label={`Apply the deposit to open charges (${formatMoney(Math.max(0, openCharges))} open)`}
        {...form.getInputProps('applyToOpenCharges', { type: 'checkbox' })}
      />
      <Paper withBorder p="sm" aria-live="polite" data-testid="settlement-estimate">
        <Text size="sm">Deductions: {formatMoney(estimate.deducted)}</Text>
        {estimate.unpaidDeductions > 0 ? (
          <Text size="sm">
            Beyond the deposit, left owing: {formatMoney(estimate.unpaidDeductions)}
          </Text>
        ) : null}
        <Text size="sm">Applied to open charges: {formatMoney(estimate.applied)}</Text>
        <Text fw={700}>To return to the tenant: {formatMoney(estimate.returned)}</Text>
      </Paper>
    </MoneyForm>
  );
}

/**
 * Settle the deposit at move-out, once: itemized deductions, optionally the open charges, and
 * the rest returned to the tenant. The form shows what will be returned as it is filled.
 */
export function SettleDepositModal({
  opened,
  ...props
}: ComponentProps<typeof SettleDepositForm> & { opened: boolean }) {
  return (
    <MoneyModal opened={opened} title="Settle deposit" onClose={props.onClose}>
      <SettleDepositForm {...props} />
    </MoneyModal>
  );
}
