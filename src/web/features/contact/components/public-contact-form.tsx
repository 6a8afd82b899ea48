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
  // The switch shows the choice at once, in the click's own render: waiting for the
  // mutation's optimistic update let the old value paint for a moment (a second click then
  // seemed to do nothing).
  const [pending, setPending] = useState<PublicContact | null>(null);
  const shown = pending ?? choice.data;
  const switchTo = (next: PublicContact) => {
    setPending(next);
    void change(next, 'Your choice is saved: the public listings show it now.').finally(() =>
      setPending(null),
    );
  };

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
        checked={shown?.showEmail ?? true}
        disabled={!shown}
        onChange={(event) => {
          if (shown) switchTo({ ...shown, showEmail: event.currentTarget.checked });
        }}
      />
      <Switch
        label="Show my phone"
        checked={shown?.showPhone ?? true}
        disabled={!shown}
        onChange={(event) => {
          if (shown) switchTo({ ...shown, showPhone: event.currentTarget.checked });
        }}
      />
    </SettingsCard>
  );
}
