import { Button, Menu } from '@mantine/core';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { notifyOutcome } from '../../../lib/notify';
import { useSession } from '../../auth/session';
import { switchOrganisation } from '../api/team';

/**
 * The header's choice of organisation, for a person in more than one: the session acts for the
 * chosen one, and every screen reads again as its member.
 */
export function OrganisationSwitcher() {
  const { user, membership, setUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const organisations = user?.organisations ?? [];
  if (organisations.length < 2) return null;

  async function choose(organisationId: number) {
    if (organisationId === membership?.organisationId) return;
    setBusy(true);
    try {
      const signedIn = await switchOrganisation(organisationId);
      queryClient.clear();
      setUser(signedIn);
      void navigate('/');
    } catch (error) {
      notifyOutcome('error', errorMessage(error, 'Could not switch organisation'));
    } finally {
      setBusy(false);
    }
  }

  const current = membership?.organisationName ?? 'Choose organisation';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          loading={busy}
          rightSection={<IconSelector size={14} aria-hidden />}
          aria-label={`Organisation: ${current}. Switch organisation`}
          maw={{ base: 120, sm: 220 }}
          style={{ flexShrink: 1, minWidth: 0 }}
          data-testid="organisation-switcher"
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Act for</Menu.Label>
        {organisations.map((organisation) => {
          const chosen = organisation.id === membership?.organisationId;
          return (
            <Menu.Item
              key={organisation.id}
              onClick={() => void choose(organisation.id)}
              leftSection={
                chosen ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />
              }
              aria-current={chosen ? 'true' : undefined}
            >
              {organisation.name} ({organisation.role})
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
