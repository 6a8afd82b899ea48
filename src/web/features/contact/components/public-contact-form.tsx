import { Button, Group, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  DISPLAY_NAME_MAX,
  type PublicContact,
  type PublicContactBody,
} from '../../../../shared/schemas/users';
import { SettingsCard } from '../../../components/settings-card';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { usePublicContact, useSetPublicContact } from '../api/public-contact';

/**
 * A landlord chooses the name tenants, workers and applicants see (the username when empty),
 * and which contact details the public listings show beside their properties.
 */
export function PublicContactForm({ userId, userName }: { userId: number; userName: string }) {
  const choice = usePublicContact(userId);
  const save = useSetPublicContact(userId);
  const { banner, showSuccess, showError, clear } = useBanner();
  const [displayName, setDisplayName] = useState('');
  const saved = choice.data?.displayName ?? '';
  useEffect(() => setDisplayName(saved), [saved]);

  const change = async (next: PublicContactBody, success: string) => {
    clear();
    try {
      await save.mutateAsync(next);
      showSuccess(success);
    } catch (error) {
      showError(errorMessage(error, 'Failed to save your choice'));
    }
  };
  const switchTo = (next: PublicContact) =>
    change(next, 'Your choice is saved: the public listings show it now.');

  return (
    <SettingsCard
      title="What others see"
      description="Your tenants, workers and visitors browsing your properties see the name and contact details you choose here."
      banner={banner}
      onBannerClose={clear}
    >
      {choice.isError ? (
        <StatusBanner
          banner={{ kind: 'error', message: errorMessage(choice.error, 'Failed to load') }}
        />
      ) : null}
      <form
        aria-label="Display name"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice.data) return;
          const name = displayName.trim();
          void change(
            { ...choice.data, displayName: name },
            name
              ? `Saved: others now see you as ${name}.`
              : `Saved: others now see your username, ${userName}.`,
          );
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Display or business name"
            description={`Shown instead of your username (${userName}); leave empty to show the username.`}
            placeholder={userName}
            maxLength={DISPLAY_NAME_MAX}
            value={displayName}
            disabled={!choice.data}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" variant="default" disabled={!choice.data || save.isPending}>
            Save name
          </Button>
        </Group>
      </form>
      <Switch
        label="Show my email"
        checked={choice.data?.showEmail ?? true}
        disabled={!choice.data}
        onChange={(event) =>
          choice.data && void switchTo({ ...choice.data, showEmail: event.currentTarget.checked })
        }
      />
      <Switch
        label="Show my phone"
        checked={choice.data?.showPhone ?? true}
        disabled={!choice.data}
        onChange={(event) =>
          choice.data && void switchTo({ ...choice.data, showPhone: event.currentTarget.checked })
        }
      />
    </SettingsCard>
  );
}
