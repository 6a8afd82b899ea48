import { TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { bankAccountBodySchema, type BankAccount } from '../../../../shared/schemas/bank';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { DateField, MoneyForm, MoneyModal, today } from '../../money';
import { useCreateBankAccount } from '../api/save-bank-account';

interface AccountValues {
  name: string;
  last4: string;
  openingBalance: number | string;
  openingDate: string;
}

const validateAccount = schemaResolver(bankAccountBodySchema, { sync: true });

function AccountForm({
  onClose,
  onSaved,
}: {
  onClose(): void;
  onSaved(account: BankAccount): void;
}) {
  const create = useCreateBankAccount();
  const initialValues: AccountValues = {
    name: '',
    last4: '',
    openingBalance: '',
    openingDate: today(),
  };
  const submission = useEntityForm({
    initialValues,
    validate: validateAccount,
    toBody: (values) => bankAccountBodySchema.parse(values),
    save: (body) => create.mutateAsync(body),
    onSaved: (account) => ({
      then: 'close',
      message: `Bank account ${account.name} added.`,
      close: () => onSaved(account),
    }),
    failed: 'Failed to add the bank account',
  });
  const { form } = submission;
  return (
    <MoneyForm
      label="Add bank account"
      submission={submission}
      submitLabel="Add account"
      onCancel={onClose}
    >
      <TextInput label="Name" required maxLength={120} {...form.getInputProps('name')} />
      <TextInput
        label="Last 4 digits"
        description="Optional: tells your accounts apart"
        inputMode="numeric"
        maxLength={4}
        {...form.getInputProps('last4')}
      />
      <MoneyInput
        label="Opening balance"
        description="USD, as the bank showed it on the opening date"
        required
        {...form.getInputProps('openingBalance')}
      />
      <DateField
        label="Opening date"
        description="Reconciliation counts the statement lines from this day on"
        max={today()}
        {...form.getInputProps('openingDate')}
      />
    </MoneyForm>
  );
}

export function AccountModal({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose(): void;
  onSaved(account: BankAccount): void;
}) {
  return (
    <MoneyModal opened={opened} title="Add bank account" onClose={onClose}>
      <AccountForm onClose={onClose} onSaved={onSaved} />
    </MoneyModal>
  );
}
