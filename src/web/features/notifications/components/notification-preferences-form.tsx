import { Stack, Switch, Text } from '@mantine/core';
import type { NotificationKind } from '../../../../shared/schemas/notification-preferences';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { SettingsCard } from '../../../components/settings-card';
import { useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';

/**
 * The user's own choice of email per notification kind. Each switch saves at once; in the
 * app every notification is shown whatever is chosen here.
 */
export function NotificationPreferencesForm({ hasEmail }: { hasEmail: boolean }) {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const { banner, showSuccess, showError, clear } = useBanner();

  const change = async (kind: NotificationKind, label: string, email: boolean) => {
    clear();
    try {
      await save.mutateAsync([{ kind, email }]);
      showSuccess(email ? `Email on: ${label}.` : `Email off: ${label}.`);
    } catch (error) {
      showError(errorMessage(error, 'Failed to save your choice'));
    }
  };

  return (
    <SettingsCard
      title="Email notifications"
      description={
        hasEmail
          ? 'Choose what is also sent to your email address. The bell in the header always shows everything.'
          : 'Add an email address above to get notifications by email. The bell in the header always shows everything.'
      }
      banner={banner}
      onBannerClose={clear}
    >
      {preferences.isPending ? (
        <LoadingState label="Loading your choices..." />
      ) : preferences.isError ? (
        <ErrorBanner>{errorMessage(preferences.error, 'Failed to load your choices')}</ErrorBanner>
      ) : preferences.data.length === 0 ? (
        <Text size="sm">There are no kinds of notification to choose from.</Text>
      ) : (
        <Stack gap="sm" role="group" aria-label="Send me an email when">
          {preferences.data.map((preference) => (
            <Switch
              key={preference.kind}
              label={preference.label}
              checked={preference.email}
              disabled={save.isPending}
              onChange={(event) =>
                void change(preference.kind, preference.label, event.currentTarget.checked)
              }
            />
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}
