import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useConfirmation } from '../../../components/confirm-dialog';
import { ErrorBanner } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import type { TenantListItem } from '../../../../shared/schemas/tenants';
import { InvitationLinks, useInviteTenants } from '../../invitations';

const tenantsWord = (n: number) => (n === 1 ? '1 tenant' : `${n} tenants`);

/**
 * 'Invite to portal' for the tenants chosen in the list (docs/product.md section 13): asks
 * first (mail cannot be unsent), sends one call, then shows every chosen tenant's outcome
 * with the links to copy or print.
 */
export function BulkInvite({ chosen, onDone }: { chosen: TenantListItem[]; onDone(): void }) {
  const invite = useInviteTenants();
  const { ask, dialog } = useConfirmation();

  async function inviteChosen() {
    const count = tenantsWord(chosen.length);
    const confirmed = await ask({
      title: `Invite ${count} to the portal?`,
      happens: [
        `Each of the ${count} gets a one-time link that works for 14 days, emailed to them when this server sends mail.`,
        'Tenants already linked to an account, or whose earlier link still works, are skipped and named.',
      ],
      cannotUndo:
        "An email once sent cannot be taken back; a link can be withdrawn on the tenant's page.",
      confirmLabel: 'Invite',
    });
    if (!confirmed) return;
    try {
      await invite.mutateAsync(chosen.map((tenant) => tenant.id));
      onDone();
    } catch {
      // The error shows below the bar; the choice stays to try again.
    }
  }

  return (
    <>
      {dialog}
      {chosen.length > 0 ? (
        <Paper withBorder radius="md" p="sm" data-print-hide>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" role="status">
              {tenantsWord(chosen.length)} chosen
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" onClick={onDone}>
                Clear choice
              </Button>
              <Button size="xs" loading={invite.isPending} onClick={() => void inviteChosen()}>
                Invite to portal
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {invite.isError ? (
        <ErrorBanner>{errorMessage(invite.error, 'Failed to invite the tenants')}</ErrorBanner>
      ) : null}
      {invite.data ? (
        <Stack gap={4}>
          <Group justify="flex-end" data-print-hide>
            <CloseButton aria-label="Close the invitation links" onClick={() => invite.reset()} />
          </Group>
          <InvitationLinks title="Invitation links" rows={invite.data.results} />
        </Stack>
      ) : null}
    </>
  );
}
