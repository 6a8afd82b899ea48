import {
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { expenseCategoryLabel } from '../../../../shared/expense-categories';
import {
  FREQUENCY_LABELS,
  RECURRING_FREQUENCIES,
  recurringExpenseBodySchema,
  type RecurringExpense,
} from '../../../../shared/schemas/expenses';
import { useConfirmation } from '../../../components/confirm-dialog';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { ErrorBanner } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { PropertyPicker } from '../../properties';
import {
  useAddRecurringExpense,
  useRecurringExpenses,
  useRemoveRecurringExpense,
} from '../api/recurring-expenses';
import { CATEGORY_OPTIONS } from './expense-form-page';
import { VendorPicker } from './vendor-picker';
import { useSession } from '../../auth/session';

/** Insurance, HOA dues, mortgage interest: posted as an expense on their date each period. */
export function RecurringExpensesCard() {
  const recurring = useRecurringExpenses();
  const remove = useRemoveRecurringExpense();
  const { ask, dialog } = useConfirmation();
  const [opened, { open, close }] = useDisclosure(false);
  const writes = useSession().can('money', 'write');

  const removeOne = async (r: RecurringExpense) => {
    const confirmed = await ask({
      title: `Remove the recurring ${expenseCategoryLabel(r.category)} expense?`,
      happens: [
        `${formatMoney(r.amount)} ${FREQUENCY_LABELS[r.frequency].toLowerCase()} for ${r.propertyName} is no longer posted.`,
      ],
      cannotUndo:
        'This cannot be undone. One that has posted expenses cannot be removed: set an end date instead.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) remove.mutate(r.id);
  };

  return (
    <Card withBorder>
      {dialog}
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Recurring expenses
        </Title>
        {writes ? (
          <Button variant="default" onClick={open}>
            Add recurring expense
          </Button>
        ) : null}
      </Group>
      {remove.isError ? (
        <ErrorBanner>{errorMessage(remove.error, 'It was not removed.')}</ErrorBanner>
      ) : null}
      {recurring.isPending ? <Text c="dimmed">Loading…</Text> : null}
      {recurring.isError ? <ErrorBanner>Failed to fetch recurring expenses</ErrorBanner> : null}
      {recurring.data?.length === 0 ? (
        <Text c="dimmed">
          None yet. Insurance, HOA dues or mortgage interest can be posted for you each period.
        </Text>
      ) : null}
      {recurring.data && recurring.data.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What</Table.Th>
                <Table.Th>Property</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Runs</Table.Th>
                <Table.Th>Posted</Table.Th>
                {writes ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recurring.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {expenseCategoryLabel(r.category)}
                    {r.vendorName ? ` · ${r.vendorName}` : ''}
                  </Table.Td>
                  <Table.Td>{r.propertyName}</Table.Td>
                  <Table.Td>{formatMoney(r.amount)}</Table.Td>
                  <Table.Td>
                    {FREQUENCY_LABELS[r.frequency]} from {formatDate(r.startDate)}
                    {r.endDate ? ` to ${formatDate(r.endDate)}` : ''}
                  </Table.Td>
                  <Table.Td>{r.postedCount}</Table.Td>
                  {writes ? (
                    <Table.Td>
                      {r.postedCount === 0 ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => void removeOne(r)}
                        >
                          Remove
                        </Button>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Modal
        opened={opened}
        onClose={close}
        title="Add a recurring expense"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <RecurringForm onDone={close} />
      </Modal>
    </Card>
  );
}

function RecurringForm({ onDone }: { onDone(): void }) {
  const add = useAddRecurringExpense();
  const [propertyId, setPropertyId] = useState('');
  const [vendorId, setVendorId] = useState('');
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState<MoneyValue>('');
  const [frequency, setFrequency] = useState<string>('monthly');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [autopay, setAutopay] = useState<string>('paid');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const parsed = recurringExpenseBodySchema.safeParse({
      propertyId: Number(propertyId) || 0,
      vendorId: vendorId ? Number(vendorId) : null,
      category,
      amount,
      frequency,
      startDate,
      endDate: endDate || null,
      autopay,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    await add.mutateAsync(parsed.data);
    onDone();
  };

  return (
    <Stack>
      {add.isError ? (
        <ErrorBanner>{errorMessage(add.error, 'It was not added.')}</ErrorBanner>
      ) : null}
      <PropertyPicker value={propertyId} onChange={setPropertyId} error={errors.propertyId} />
      <Select
        label="Category"
        required
        searchable
        data={CATEGORY_OPTIONS}
        value={category || null}
        onChange={(v) => setCategory(v ?? '')}
        error={errors.category}
      />
      <VendorPicker value={vendorId} onChange={setVendorId} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <MoneyInput
          label="Amount"
          required
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <Select
          label="Every"
          allowDeselect={false}
          data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
          value={frequency}
          onChange={(v) => setFrequency(v ?? 'monthly')}
        />
        <TextInput
          label="First date"
          type="date"
          required
          value={startDate}
          onChange={(e) => setStartDate(e.currentTarget.value)}
          error={errors.startDate}
        />
        <TextInput
          label="End date (optional)"
          type="date"
          value={endDate}
          onChange={(e) => setEndDate(e.currentTarget.value)}
          error={errors.endDate}
        />
      </SimpleGrid>
      <Select
        label="Posted as"
        allowDeselect={false}
        data={[
          { value: 'paid', label: 'Paid on its date (autopay)' },
          { value: 'unpaid', label: 'Unpaid, due on its date' },
        ]}
        value={autopay}
        onChange={(v) => setAutopay(v ?? 'paid')}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={add.isPending} onClick={() => void submit()}>
          Add recurring expense
        </Button>
      </Group>
    </Stack>
  );
}
