import {
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { EXPENSE_CATEGORIES } from '../../../../shared/expense-categories';
import {
  createExpenseBodySchema,
  EXPENSE_MEMO_MAX,
  MAX_RECEIPTS,
  type Expense,
} from '../../../../shared/schemas/expenses';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { useRouteId } from '../../../lib/edit-route';
import { notifyOutcome } from '../../../lib/notify';
import { useServerToday } from '../../../lib/server-today';
import { PropertyPicker } from '../../properties';
import { uploadPhoto } from '../../work-orders';
import { useCreateExpense, useExpense, useUpdateExpense } from '../api/expenses';
import { UnitOfPropertySelect } from './unit-of-property-select';
import { VendorPicker } from './vendor-picker';
import { RequireWrite } from '../../auth';

export const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((c) => ({
  value: c.value,
  label: `${c.label} (line ${c.scheduleELine})`,
}));

interface Values {
  propertyId: string;
  unitId: string;
  vendorId: string;
  category: string;
  amount: MoneyValue;
  expenseDate: string;
  paid: 'paid' | 'unpaid';
  paidOn: string;
  dueDate: string;
  memo: string;
}

const emptyValues = (today: string): Values => ({
  propertyId: '',
  unitId: '',
  vendorId: '',
  category: '',
  amount: '',
  expenseDate: today,
  paid: 'paid',
  paidOn: today,
  dueDate: '',
  memo: '',
});

const valuesOf = (e: Expense, today: string): Values => ({
  propertyId: String(e.propertyId),
  unitId: e.unitId ? String(e.unitId) : '',
  vendorId: e.vendorId ? String(e.vendorId) : '',
  category: e.category,
  amount: e.amount,
  expenseDate: e.expenseDate,
  paid: e.paidOn ? 'paid' : 'unpaid',
  paidOn: e.paidOn ?? today,
  dueDate: e.dueDate ?? '',
  memo: e.memo ?? '',
});

const idOrNull = (value: string) => (value ? Number(value) : null);

function toBody(values: Values) {
  return {
    propertyId: Number(values.propertyId) || 0,
    unitId: idOrNull(values.unitId),
    vendorId: idOrNull(values.vendorId),
    category: values.category,
    amount: values.amount,
    expenseDate: values.expenseDate,
    paidOn: values.paid === 'paid' ? values.paidOn : null,
    dueDate: values.paid === 'unpaid' ? values.dueDate || null : null,
    memo: values.memo,
  };
}

/** /expenses/new and /expenses/{id}/edit: what a property cost, with receipts from a phone. */
export function ExpenseFormPage() {
  return (
    <RequireWrite
      area="money"
      doing="record or edit expenses"
      title="Expenses"
      back={{ to: '/expenses', label: 'Back to expenses' }}
    >
      <ExpenseForm />
    </RequireWrite>
  );
}

function ExpenseForm() {
  const id = useRouteId();
  const isEdit = id !== undefined;
  const expense = useExpense(id);
  const navigate = useNavigate();
  const create = useCreateExpense();
  const update = useUpdateExpense(id ?? 0);
  const today = useServerToday();
  const [values, setValues] = useState<Values>(() => emptyValues(today));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (expense.data) setValues(valuesOf(expense.data, today));
  }, [expense.data, today]);

  if (isEdit && expense.isPending) return <LoadingState label="Loading the expense..." />;
  if (isEdit && expense.isError) {
    return (
      <NotFoundState
        noun="Expense"
        back={{ to: '/expenses', label: 'Back to expenses' }}
        create={{ to: '/expenses/new', label: 'Add an expense' }}
      />
    );
  }

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createExpenseBodySchema.safeParse(toBody(values));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const receiptUploadIds: number[] = [];
      for (const file of files) receiptUploadIds.push((await uploadPhoto(file)).id);
      const { receiptUploadIds: _none, ...changes } = parsed.data;
      const saved = isEdit
        ? await update.mutateAsync(changes)
        : await create.mutateAsync({ ...parsed.data, receiptUploadIds });
      notifyOutcome('success', isEdit ? 'Expense updated.' : 'Expense added.');
      void navigate(`/expenses/${saved.id}`);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(errorMessage(error, 'The expense was not saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={isEdit ? 'Edit expense' : 'Add an expense'}
        description="What a property cost, for your books and Schedule E."
      />
      {failure ? <ErrorBanner>{failure}</ErrorBanner> : null}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={isEdit ? 'Edit expense' : 'Add an expense'}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MoneyInput
                label="Amount"
                required
                value={values.amount}
                onChange={(v) => set('amount', v)}
                error={errors.amount}
              />
              <TextInput
                label="Date"
                type="date"
                required
                value={values.expenseDate}
                onChange={(e) => set('expenseDate', e.currentTarget.value)}
                error={errors.expenseDate}
              />
            </SimpleGrid>
            <Select
              label="Category (Schedule E line)"
              required
              searchable
              data={CATEGORY_OPTIONS}
              value={values.category || null}
              onChange={(v) => set('category', v ?? '')}
              error={errors.category}
            />
            <PropertyPicker
              value={values.propertyId}
              onChange={(v) => setValues((current) => ({ ...current, propertyId: v, unitId: '' }))}
              error={errors.propertyId}
            />
            <UnitOfPropertySelect
              propertyId={values.propertyId}
              value={values.unitId}
              onChange={(v) => set('unitId', v)}
              selected={
                expense.data?.unitId && expense.data.unitNumber
                  ? { value: String(expense.data.unitId), label: `Unit ${expense.data.unitNumber}` }
                  : undefined
              }
            />
            <VendorPicker
              value={values.vendorId}
              onChange={(v) => set('vendorId', v)}
              selected={
                expense.data?.vendorId && expense.data.vendorName
                  ? { value: String(expense.data.vendorId), label: expense.data.vendorName }
                  : undefined
              }
            />
            {errors.vendorId || errors.unitId ? (
              <Text c="red.8" size="sm">
                {errors.vendorId ?? errors.unitId}
              </Text>
            ) : null}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="paid-label">
                Paid?
              </Text>
              <SegmentedControl
                aria-labelledby="paid-label"
                data={[
                  { value: 'paid', label: 'Paid' },
                  { value: 'unpaid', label: 'Unpaid (a bill to pay)' },
                ]}
                value={values.paid}
                onChange={(v) => set('paid', v as Values['paid'])}
              />
            </Stack>
            {values.paid === 'paid' ? (
              <TextInput
                label="Paid on"
                type="date"
                required
                value={values.paidOn}
                onChange={(e) => set('paidOn', e.currentTarget.value)}
                error={errors.paidOn}
              />
            ) : (
              <TextInput
                label="Due date (optional)"
                type="date"
                value={values.dueDate}
                onChange={(e) => set('dueDate', e.currentTarget.value)}
                error={errors.dueDate}
              />
            )}
            <Textarea
              label="Memo"
              maxLength={EXPENSE_MEMO_MAX}
              value={values.memo}
              onChange={(e) => set('memo', e.currentTarget.value)}
              error={errors.memo}
            />
            {isEdit ? null : (
              <FileInput
                label="Receipts"
                description={`Photos or PDFs, up to ${MAX_RECEIPTS}, 10 MB each. On a phone you can take a photo.`}
                leftSection={<IconReceipt size={16} aria-hidden />}
                accept="image/*,application/pdf"
                multiple
                clearable
                clearButtonProps={{ 'aria-label': 'Remove the chosen receipts' }}
                value={files}
                onChange={setFiles}
                error={errors.receiptUploadIds}
              />
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => void navigate(isEdit ? `/expenses/${id}` : '/expenses')}
              >
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {isEdit ? 'Save expense' : 'Add expense'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {isEdit ? (
        <Text c="dimmed">Receipts are added and removed on the expense&apos;s page.</Text>
      ) : null}
    </Stack>
  );
}
