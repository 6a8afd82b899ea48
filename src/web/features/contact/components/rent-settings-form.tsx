import { Button, Radio, Stack } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import type { FirstPeriodRule } from '../../../../shared/rent-periods';
import { rentSettingsSchema } from '../../../../shared/schemas/users';
import { SettingsCard } from '../../../components/settings-card';
import { StatusBanner } from '../../../components/status-banner';
import { useSaveForm } from '../../../components/use-save-form';
import { errorMessage } from '../../../lib/api-client';
import { useRentSettings, useSetRentSettings } from '../api/rent-settings';

const validate = schemaResolver(rentSettingsSchema, { sync: true });

const CHOICES: { value: FirstPeriodRule; label: string; description: string }[] = [
  {
    value: 'prorate',
    label: 'Prorate it',
    description:
      'Charge the days the tenant has, on the start date (Jan 15 to 31: 17/31 of the rent).',
  },
  {
    value: 'full',
    label: 'Charge a full month',
    description: 'Charge the whole rent on the start date, however short the first period.',
  },
  {
    value: 'add_to_next',
    label: "Add it to the second month's charge",
    description:
      'Post nothing on the start date; the first full month is charged its rent plus the prorated days.',
  },
];

function SettingsForm({ userId, rule }: { userId: number; rule: FirstPeriodRule }) {
  const save = useSetRentSettings(userId);
  const { form, onSubmit, busy, banner, clearBanner } = useSaveForm({
    initialValues: { firstPeriodRule: rule },
    validate,
    toBody: (values) => rentSettingsSchema.parse(values),
    save: (body) => save.mutateAsync(body),
    onSaved: (saved) => ({
      then: 'reset',
      message: 'Saved: rent not yet posted follows this rule.',
      values: saved,
    }),
    failed: 'Failed to save your rent settings',
  });
  return (
    <SettingsCard
      title="A short first month"
      description="When a lease starts on another day than its rent due day, its first period is short. Rent already posted stays as it is."
      banner={banner}
      onBannerClose={clearBanner}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Rent settings">
        <Radio.Group label="Charge a short first period" {...form.getInputProps('firstPeriodRule')}>
          <Stack gap="xs" mt="xs">
            {CHOICES.map((choice) => (
              <Radio key={choice.value} {...choice} />
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit" mt="md" disabled={busy}>
          {busy ? 'Saving...' : 'Save rent settings'}
        </Button>
      </form>
    </SettingsCard>
  );
}

/** How a landlord's short first rent periods are charged (docs/decisions/0020). */
export function RentSettingsForm({ userId }: { userId: number }) {
  const settings = useRentSettings(userId);
  if (settings.isError) {
    return (
      <StatusBanner
        banner={{
          kind: 'error',
          message: errorMessage(settings.error, 'Failed to load your rent settings'),
        }}
      />
    );
  }
  if (!settings.data) return null;
  return <SettingsForm userId={userId} rule={settings.data.firstPeriodRule} />;
}
