import {
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { APPLICATION_AUTO_CLOSE_MS, LIMITS } from '../../../../shared/constants';
import type { z } from 'zod';
import {
  applicationFormSchema,
  type ApplicationBodyInput,
} from '../../../../shared/schemas/applications';
import { MoneyInput } from '../../../components/money-input';
import { StatusBanner } from '../../../components/status-banner';
import { useSaveForm } from '../../../components/use-save-form';
import { useSubmitApplication } from '../api/submit-application';
import { MAX_PHONE_INPUT } from '../../../../shared/phone-numbers';

export interface ApplicationModalProps {
  unit: { id: number; unitNumber: string } | null;
  propertyName: string;
  opened: boolean;
  onClose(): void;
}

type ApplicationFormValues = z.input<typeof applicationFormSchema>;

// The call's body with the background check required: the form asks every question.
const validateApplication = schemaResolver(applicationFormSchema, { sync: true });
const SUCCESS = "Rental application submitted successfully! We'll contact you soon.";
const FAILURE = 'Failed to submit rental application. Please try again.';

/** Today in the visitor's own calendar, 'YYYY-MM-DD': the earliest move-in date offered. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const emptyValues = (unitId: number): ApplicationFormValues => ({
  unitId,
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  moveInDate: '',
  message: '',
  monthlyIncome: '',
  employer: '',
  currentAddress: '',
  currentLandlordName: '',
  currentLandlordPhone: '',
  hasPets: false,
  petsDescription: '',
  backgroundCheckConsent: false,
});

/**
 * The 'Rent This Unit' application form (docs/product.md sections 2 and 4): closed, open, submitting,
 * then a success message and closing itself after APPLICATION_AUTO_CLOSE_MS.
 */
export function ApplicationModal({ unit, propertyName, opened, onClose }: ApplicationModalProps) {
  const [submitted, setSubmitted] = useState(false);
  const submit = useSubmitApplication();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // The visitor's page has no router: this form uses the router-free form hook.
  const { form, onSubmit, busy, banner, clearBanner } = useSaveForm({
    initialValues: emptyValues(unit?.id ?? 0),
    validate: validateApplication,
    // The spec's body names the unit number too (the server records the unit's own).
    toBody: (values): ApplicationBodyInput => ({ ...values, unitNumber: unit?.unitNumber }),
    save: (body) => submit.mutateAsync(body),
    onSaved: () => {
      setSubmitted(true);
      closeTimer.current = setTimeout(close, APPLICATION_AUTO_CLOSE_MS);
      return { then: 'stay', message: SUCCESS };
    },
    failed: FAILURE,
  });

  // Each opening starts a fresh form for the unit it was opened for.
  const unitId = unit?.id ?? 0;
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(emptyValues(unitId));
    form.reset();
    clearBanner();
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, unitId]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  function close() {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    onCloseRef.current();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Rent This Unit"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Rental application">
        <Stack gap="sm">
          {unit ? (
            <Text size="sm" c="dimmed">
              Apply for Unit {unit.unitNumber}
              {propertyName ? ` at ${propertyName}` : ''}
            </Text>
          ) : null}
          <StatusBanner banner={banner} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              autoComplete="tel"
              maxLength={MAX_PHONE_INPUT}
              {...form.getInputProps('phoneNumber')}
            />
          </SimpleGrid>
          <TextInput
            label="Desired move-in date"
            type="date"
            required
            min={localToday()}
            {...form.getInputProps('moveInDate')}
          />
          <Title order={3} size="h5" mt="xs">
            What landlords ask
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MoneyInput
              label="Monthly income"
              description="Before tax"
              {...form.getInputProps('monthlyIncome')}
            />
            <TextInput
              label="Employer"
              autoComplete="organization"
              maxLength={100}
              {...form.getInputProps('employer')}
            />
          </SimpleGrid>
          <TextInput
            label="Current address"
            autoComplete="street-address"
            maxLength={200}
            {...form.getInputProps('currentAddress')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Current landlord's name"
              maxLength={100}
              {...form.getInputProps('currentLandlordName')}
            />
            <TextInput
              label="Current landlord's number"
              description="Where they can be called"
              type="tel"
              maxLength={LIMITS.phone}
              {...form.getInputProps('currentLandlordPhone')}
            />
          </SimpleGrid>
          <Checkbox label="I have pets" {...form.getInputProps('hasPets', { type: 'checkbox' })} />
          {form.values.hasPets ? (
            <TextInput
              label="Your pets"
              placeholder="One cat, 10 lb"
              maxLength={500}
              {...form.getInputProps('petsDescription')}
            />
          ) : null}
          <Textarea
            label="Message"
            description="Optional"
            autosize
            minRows={3}
            maxLength={LIMITS.longText}
            {...form.getInputProps('message')}
            value={form.values.message ?? ''}
          />
          <Checkbox
            label="I agree to a background check (credit and rental history)"
            required
            {...form.getInputProps('backgroundCheckConsent', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={close}>
              {submitted ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={busy || submitted || !unit}>
              {busy ? 'Submitting...' : 'Submit Application'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
