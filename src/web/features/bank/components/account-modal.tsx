import { TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { bankAccountBodySchema, type BankAccount } from '../../../../shared/schemas/bank';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { useServerToday } from '../../../lib/server-today';
import { DateField, MoneyForm, MoneyModal } from '../../money';
import { useSaveBankAccount } from '../api/save-bank-account';

interface AccountValues {
  name: string;
  last4: string;
  openingBalance: number | string;
  openingDate: string;
}

const validateAccount = schemaResolver(bankAccountBodySchema, { sync: true });

interface AccountFormProps {
  /** The account to change; a new one when absent. */
  account?: BankAccount | undefined;
  onClose(): void;
  onSaved(account: BankAccount): void;
}

function AccountForm({ account, onClose, onSaved }: AccountFormProps) {
  const save = useSaveBankAccount();
  const today = useServerToday();
  const initialValues: AccountValues = account
    ? {
        name: account.name,
        last4: account.last4 ?? '',
        openingBalance: account.openingBalance,
        openingDate: account.openingDate,
      }
    : { name: '', last4: '', openingBalance: '', openingDate: today };
  const submission = useEntityForm({
    initialValues,
    validate: validateAccount,
    toBody: (values) => bankAccountBodySchema.parse(values),
    save: (body) => save.mutateAsync({ id: account?.id, body }),
    onSaved: (saved) => ({
      then: 'close',
      message: `Bank account ${saved.name} ${account ? 'saved' : 'added'}.`,
      close: () => onSaved(saved),
    }),
    failed: account ? 'Failed to save the bank account' : 'Failed to add the bank account',
  });
  const { form } = submission;
  return (
    <MoneyForm
      label={account ? 'Edit bank account' : 'Add bank account'}
      submission={submission}
      submitLabel={account ? 'Save account' : 'Add account'}
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
        max={today}
        {...form.getInputProps('openingDate')}
      />
    </MoneyForm>
  );
}

export function AccountModal({ opened, ...props }: AccountFormProps & { opened: boolean }) {
  return (
    <MoneyModal
      opened={opened}
      title={props.account ? 'Edit bank account' : 'Add bank account'}
      onClose={props.onClose}
    >
      <AccountForm {...props} />
    </MoneyModal>
  );
}
