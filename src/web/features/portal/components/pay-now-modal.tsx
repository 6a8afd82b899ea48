import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { checkoutBodySchema } from '../../../../shared/schemas/payments';
import { MoneyInput } from '../../../components/money-input';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useStartCheckout } from '../api/start-checkout';

const validateCheckout = schemaResolver(checkoutBodySchema, { sync: true });

interface FormValues {
  amount: number | string;
}

/**
 * How much to pay (the balance, or less), then on to Stripe's payment page. The server
 * checks the amount again against what is owed.
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
  const startCheckout = useStartCheckout();
  const { banner, showError, clear } = useBanner();
  const form = useForm<FormValues>({
    initialValues: { amount: balance },
    validate: ({ amount }) => {
      if (typeof amount !== 'number') return { amount: 'Please enter an amount' };
      const errors = validateCheckout({ amount });
      if (!errors.amount && amount > balance) {
        errors.amount = `Amount cannot be more than you owe (${formatMoney(balance)})`;
      }
      return errors;
    },
  });

  const close = () => {
    clear();
    form.setValues({ amount: balance });
    form.clearErrors();
    onClose();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    if (startCheckout.isPending) return;
    clear();
    try {
      await startCheckout.mutateAsync({ amount: Number(values.amount) });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, 'The payment page could not be opened'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Pay rent by card"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Pay rent by card">
        <Stack gap="md">
          <StatusBanner banner={banner} onClose={clear} />
          <MoneyInput
            label="Amount"
            description={`You owe ${formatMoney(balance)}. You may pay less.`}
            required
            fixedDecimalScale
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <Text size="sm" c="dimmed">
            You will enter your card on Stripe&apos;s secure page and then come back here. Your
            payment appears in your ledger once the card processor confirms it.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={startCheckout.isPending || startCheckout.isSuccess}>
              Continue to payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
