import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { checkoutBodySchema } from '../../../../shared/schemas/payments';
import { MoneyInput } from '../../../components/money-input';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useStartCheckout } from '../api/start-checkout';

const validateCheckout = schemaResolver(checkoutBodySchema, { sync: true });

interface FormValues {
  amount: number | string;
}

/**
 * How much to pay (the balance, or less), then on to Stripe's payment page. The server
 * checks the amount again against what is owed. The dialog's content is unmounted while it is
 * closed, so each opening offers the balance again.
 */
export function PayNowModal({
  opened,
  balance,
  onClose,
}: {
  opened: boolean;
  balance: number;
  onClose(): void;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Pay rent by card"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <PayNowForm balance={balance} onCancel={onClose} />
    </Modal>
  );
}

function PayNowForm({ balance, onCancel }: { balance: number; onCancel(): void }) {
  const startCheckout = useStartCheckout();
  const initialValues: FormValues = { amount: balance };
  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues,
    validate: ({ amount }) => {
      if (typeof amount !== 'number') return { amount: 'Please enter an amount' };
      const errors = validateCheckout({ amount });
      if (!errors.amount && amount > balance) {
        errors.amount = `Amount cannot be more than you owe (${formatMoney(balance)})`;
      }
      return errors;
    },
    toBody: ({ amount }) => ({ amount: Number(amount) }),
    save: (body) => startCheckout.mutateAsync(body),
    // The browser is on its way to Stripe's page (useStartCheckout): nothing more to say here.
    onSaved: () => ({ then: 'stay' }),
    failed: 'The payment page could not be opened',
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pay rent by card">
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clearBanner} />
        <MoneyInput
          label="Amount"
          description={`You owe ${formatMoney(balance)}. You may pay less.`}
          required
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <Text size="sm" c="dimmed">
          You will enter your card on Stripe&apos;s secure page and then come back here. Your
          payment appears in your ledger once the card processor confirms it.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {/* Still busy once the server said yes: the browser is leaving for Stripe's page. */}
          <Button type="submit" loading={busy || startCheckout.isSuccess}>
            Continue to payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
