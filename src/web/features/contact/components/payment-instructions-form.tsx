import { Button, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import {
  PAYMENT_INSTRUCTIONS_MAX,
  paymentInstructionsSchema,
} from '../../../../shared/schemas/users';
import { SettingsCard } from '../../../components/settings-card';
import { StatusBanner } from '../../../components/status-banner';
import { useSaveForm } from '../../../components/use-save-form';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentInstructions, useSetPaymentInstructions } from '../api/payment-instructions';

const validate = schemaResolver(paymentInstructionsSchema, { sync: true });

function InstructionsForm({ userId, text }: { userId: number; text: string }) {
  const save = useSetPaymentInstructions(userId);
  const { form, onSubmit, busy, banner, clearBanner } = useSaveForm({
    initialValues: { paymentInstructions: text },
    validate,
    toBody: (values) => values,
    save: (body) => save.mutateAsync(body),
    onSaved: (saved) => ({
      then: 'reset',
      message: saved.paymentInstructions
        ? 'Saved: your tenants see these instructions on their home.'
        : 'Removed: your tenants see no payment instructions.',
      values: { paymentInstructions: saved.paymentInstructions ?? '' },
    }),
    failed: 'Failed to save your payment instructions',
  });
  return (
    <SettingsCard
      title="How tenants pay you"
      description="Shown on your tenants' homes beside what they owe when this server takes no card payments."
      banner={banner}
      onBannerClose={clearBanner}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Payment instructions">
        <Textarea
          label="Payment instructions"
          description={`For example: Zelle to rent@example.com, or Checks payable to ... (at most ${PAYMENT_INSTRUCTIONS_MAX} characters)`}
          autosize
          minRows={3}
          maxLength={PAYMENT_INSTRUCTIONS_MAX}
          {...form.getInputProps('paymentInstructions')}
        />
        <Button type="submit" mt="md" disabled={busy}>
          {busy ? 'Saving...' : 'Save payment instructions'}
        </Button>
      </form>
    </SettingsCard>
  );
}

/** A landlord's own words on how tenants pay them ("Zelle to ...", "Checks payable to ..."). */
export function PaymentInstructionsForm({ userId }: { userId: number }) {
  const instructions = usePaymentInstructions(userId);
  if (instructions.isError) {
    return (
      <StatusBanner
        banner={{
          kind: 'error',
          message: errorMessage(instructions.error, 'Failed to load your payment instructions'),
        }}
      />
    );
  }
  if (!instructions.data) return null;
  return <InstructionsForm userId={userId} text={instructions.data.paymentInstructions ?? ''} />;
}
