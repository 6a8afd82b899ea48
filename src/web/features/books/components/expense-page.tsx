import {
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { expenseCategoryLabel } from '../../../../shared/expense-categories';
import type { Expense, Receipt } from '../../../../shared/schemas/expenses';
import { useConfirmation } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { PropertyLink, UnitLink } from '../../../components/record-links';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { uploadPhoto } from '../../work-orders';
import {
  receiptUrl,
  useAddReceipt,
  useDeleteExpense,
  useExpense,
  useMarkExpensePaid,
  useRemoveReceipt,
} from '../api/expenses';
import { ExpenseStatusBadge } from './expense-badges';
import { useSession } from '../../auth/session';

/** /expenses/{id}: one expense, its receipts (a photo shown, a PDF to download) and its links. */
export function ExpensePage() {
  const id = Number(useParams().id);
  const expense = useExpense(id);
  if (expense.isPending) return <LoadingState label="Loading the expense..." />;
  if (expense.isError) {
    return (
      <NotFoundState
        noun="Expense"
        back={{ to: '/expenses', label: 'Back to expenses' }}
        create={{ to: '/expenses/new', label: 'Add an expense' }}
      />
    );
  }
  return <ExpenseDetail expense={expense.data} />;
}

function ExpenseDetail({ expense: e }: { expense: Expense }) {
  const navigate = useNavigate();
  const { ask, dialog } = useConfirmation();
  const remove = useDeleteExpense();
  const pay = useMarkExpensePaid(e.id);
  const [paidOn, setPaidOn] = useState('');
  const writes = useSession().can('money', 'write');
  const failure = [remove, pay].find((m) => m.isError)?.error;

  const deleteExpense = async () => {
    const confirmed = await ask({
      title: `Delete this ${formatMoney(e.amount)} expense?`,
      happens: [
        `The ${expenseCategoryLabel(e.category)} expense of ${formatMoney(e.amount)} on ${formatDate(e.expenseDate)} (${e.propertyName}) leaves your books and reports.`,
        e.receipts.length > 0
          ? `Its ${e.receipts.length === 1 ? 'receipt is' : `${e.receipts.length} receipts are`} deleted with it.`
          : 'It has no receipts.',
      ],
      cannotUndo: 'This cannot be undone; the deletion stays in the history.',
      confirmLabel: 'Delete expense',
      danger: true,
    });
    if (!confirmed) return;
    await remove.mutateAsync(e.id);
    notifyOutcome('success', 'Expense deleted.');
    void navigate('/expenses');
  };

  return (
    <Stack gap="lg">
      {dialog}
      <PageHeader
        title={`${expenseCategoryLabel(e.category)}: ${formatMoney(e.amount)}`}
        description={`Expense #${e.id}`}
        actions={
          writes ? (
            <>
              <Button component={Link} to={`/expenses/${e.id}/edit`} variant="default">
                Edit
              </Button>
              {e.recurringExpenseId === null ? (
                <Button variant="default" color="red" onClick={() => void deleteExpense()}>
                  Delete
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {failure ? (
        <ErrorBanner>{errorMessage(failure, 'The change was not saved.')}</ErrorBanner>
      ) : null}
      <Card withBorder>
        <Stack gap={6}>
          <Group gap="xs">
            <ExpenseStatusBadge status={e.status} />
            <Text>
              {e.paidOn
                ? `Paid on ${formatDate(e.paidOn)}`
                : e.dueDate
                  ? `Due ${formatDate(e.dueDate)}`
                  : 'Not paid yet'}
            </Text>
          </Group>
          <Text>Date: {formatDate(e.expenseDate)}</Text>
          <Text>
            Property: <PropertyLink id={e.propertyId}>{e.propertyName}</PropertyLink>
            {e.unitId ? (
              <>
                {' · '}
                <UnitLink id={e.unitId}>Unit {e.unitNumber}</UnitLink>
              </>
            ) : null}
          </Text>
          <Text>Vendor: {e.vendorName ?? 'none'}</Text>
          {e.memo ? <Text>Memo: {e.memo}</Text> : null}
          {e.workOrderId ? (
            <Text>
              From work order:{' '}
              <Anchor component={Link} to={`/work-orders/${e.workOrderId}`}>
                #{e.workOrderId} {e.workOrderTitle}
              </Anchor>
            </Text>
          ) : null}
          {e.recurringExpenseId ? (
            <Text>Posted by a recurring expense{e.period ? ` for ${e.period}` : ''}.</Text>
          ) : null}
        </Stack>
      </Card>

      {writes && e.status === 'unpaid' ? (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Mark paid
          </Title>
          <Group align="flex-end">
            <TextInput
              label="Paid on"
              type="date"
              value={paidOn}
              onChange={(ev) => setPaidOn(ev.currentTarget.value)}
            />
            <Button disabled={!paidOn} loading={pay.isPending} onClick={() => pay.mutate(paidOn)}>
              Mark paid
            </Button>
          </Group>
        </Card>
      ) : null}

      <Receipts expense={e} />
    </Stack>
  );
}

function Receipts({ expense: e }: { expense: Expense }) {
  const add = useAddReceipt(e.id);
  const remove = useRemoveReceipt(e.id);
  const { ask, dialog } = useConfirmation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const writes = useSession().can('money', 'write');

  const attach = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    setBusy(true);
    try {
      await add.mutateAsync((await uploadPhoto(file)).id);
    } catch (error) {
      setFailure(errorMessage(error, 'The receipt was not added.'));
    } finally {
      setBusy(false);
    }
  };
  const detach = async (receipt: Receipt) => {
    const confirmed = await ask({
      title: 'Remove this receipt?',
      happens: [
        `The ${receipt.contentType === 'application/pdf' ? 'PDF' : 'photo'} is removed from the expense and deleted.`,
      ],
      cannotUndo: 'This cannot be undone; you can attach the file again if you still have it.',
      confirmLabel: 'Remove receipt',
      danger: true,
    });
    if (confirmed) remove.mutate(receipt.id);
  };

  return (
    <Card withBorder>
      {dialog}
      <Title order={2} size="h4" mb="xs">
        Receipts
      </Title>
      {failure ? <ErrorBanner>{failure}</ErrorBanner> : null}
      {e.receipts.length === 0 ? <Text c="dimmed">No receipts yet.</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        {e.receipts.map((receipt, index) => (
          <Stack key={receipt.id} gap={4} data-testid="receipt">
            {receipt.contentType === 'application/pdf' ? (
              <Anchor href={receiptUrl(e.id, receipt.id)} download>
                Download PDF receipt {index + 1}
              </Anchor>
            ) : (
              <Anchor href={receiptUrl(e.id, receipt.id)} target="_blank" rel="noopener">
                <Image
                  src={receiptUrl(e.id, receipt.id)}
                  alt={`Receipt ${index + 1}`}
                  radius="sm"
                  h={120}
                  fit="cover"
                />
              </Anchor>
            )}
            {writes ? (
              <Button size="xs" variant="default" color="red" onClick={() => void detach(receipt)}>
                Remove receipt {index + 1}
              </Button>
            ) : null}
          </Stack>
        ))}
      </SimpleGrid>
      {writes ? (
        <FileInput
          label="Add a receipt"
          description="A photo (take one on a phone) or a PDF, up to 10 MB"
          accept="image/*,application/pdf"
          value={null}
          onChange={(file) => void attach(file)}
          disabled={busy}
        />
      ) : null}
    </Card>
  );
}
