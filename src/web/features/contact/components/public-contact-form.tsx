import { Switch } from '@mantine/core';
import type { PublicContact } from '../../../../shared/schemas/users';
import { SettingsCard } from '../../../components/settings-card';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { usePublicContact, useSetPublicContact } from '../api/public-contact';

/** A landlord chooses which contact details the public listings show beside their properties. */
export function PublicContactForm({ userId }: { userId: number }) {
  const choice = usePublicContact(userId);
  const save = useSetPublicContact(userId);
  const { banner, showSuccess, showError, clear } = useBanner();

  const change = async (next: PublicContact) => {
    clear();
    try {
      await save.mutateAsync(next);
      showSuccess('Your choice is saved: the public listings show it now.');
    } catch (error) {
      showError(errorMessage(error, 'Failed to save your choice'));
    }
  };

  return (
    <SettingsCard
      title="In the public listings"
      description="Visitors browsing your properties see the contact details you choose here."
      banner={banner}
      onBannerClose={clear}
    >
      {choice.isError ? (
        <StatusBanner
          banner={{ kind: 'error', message: errorMessage(choice.error, 'Failed to load') }}
        />
      ) : null}
      <Switch
        label="Show my email"
        checked={choice.data?.showEmail ?? true}
        disabled={!choice.data}
        onChange={(event) =>
          choice.data && void change({ ...choice.data, showEmail: event.currentTarget.checked })
        }
      />
      <Switch
        label="Show my phone"
        checked={choice.data?.showPhone ?? true}
        disabled={!choice.data}
        onChange={(event) =>
          choice.data && void change({ ...choice.data, showPhone: event.currentTarget.checked })
        }
      />
    </SettingsCard>
  );
}
