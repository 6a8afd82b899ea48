import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { useConfirmation } from '../../../components/confirm-dialog';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { useInvitationList } from '../api/get-record-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import type { Invitation, InvitationState } from '../../../../shared/schemas/invitations';
import type { InvitedRecord } from '../api/get-record-invitations';
import { formatDay, formatDayAndTime } from './dates';

const STATE_LABELS: Record<InvitationState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  revoked: 'Withdrawn',
  expired: 'Expired',
};

const STATE_COLORS: Record<InvitationState, string> = {
  pending: 'blue',
  accepted: 'green',
  revoked: 'gray',
  expired: 'yellow',
};

/** What became of an invitation, after when it was made. */
function outcome(invitation: Invitation): string {
  switch (invitation.state) {
    case 'pending':
      return `expires ${formatDayAndTime(invitation.expiresAt)}`;
    case 'accepted':
      return `accepted ${formatDay(invitation.acceptedAt)}`;
    case 'revoked':
      return `withdrawn ${formatDay(invitation.revokedAt)}`;
    case 'expired':
      return `expired ${formatDay(invitation.expiresAt)}`;
  }
}

interface PortalAccessPanelProps {
  /** The record the account will act as: a tenant or a staff member. */
  record: InvitedRecord;
  id: number;
  /** Who the record is ('Grace Hopper'); the texts say 'this tenant' without it. */
  name?: string | undefined;
}

/**
 * The record's portal account: linked to one, or invited by a one-time link the landlord
 * copies and hands over (docs/product.md section 13). Withdraw asks first, in a dialog. It needs
 * no dialog provider, so a list can show it in a dialog of its own (the tenants' Invite).
 */
export function PortalAccessPanel(props: PortalAccessPanelProps) {
  return <PortalAccess {...props} />;
}

function PortalAccess({ record, id, name }: PortalAccessPanelProps) {
  const headingId = useId();
  const access = useInvitationList(record, id);
  const create = useCreateInvitation(record, id);
  const revoke = useRevokeInvitation();
  const { banner, showSuccess, showError, clear } = useBanner();
  const { ask, dialog } = useConfirmation();
  const who = name || (record === 'tenants' ? 'this tenant' : 'this staff member');
  const role = record === 'tenants' ? 'Tenant' : 'Maintenance';

  async function invite() {
    if (create.isPending) return;
    clear();
    try {
      await create.mutateAsync();
    } catch (error) {
      showError(errorMessage(error, 'Failed to create the invitation'));
    }
  }

  async function withdraw(invitation: Invitation) {
    clear();
    try {
      await revoke.mutateAsync(invitation.id);
      showSuccess('Invitation withdrawn. Its link no longer works.');
    } catch (error) {
      showError(errorMessage(error, 'Failed to withdraw the invitation'));
    }
  }

  async function confirmWithdraw(invitation: Invitation) {
    const withdrawing = await ask({
      title: 'Withdraw this invitation?',
      happens: [`Its link stops working at once. You can make a new link for ${who} later.`],
      cannotUndo: 'This cannot be undone: a withdrawn link never works again.',
      confirmLabel: 'Withdraw',
      danger: true,
    });
    if (withdrawing) await withdraw(invitation);
  }

  const data = access.data;
  const invitations = data?.invitations ?? [];
  const hasPending = invitations.some((invitation) => invitation.state === 'pending');
  // The fresh link, while it can still be used (not withdrawn, and no account linked since).
  const created = create.data;
  const createdNow = created
    ? invitations.find((invitation) => invitation.id === created.invitation.id)
    : undefined;
  const showLink =
    created !== undefined && !data?.linkedUser && (createdNow?.state ?? 'pending') === 'pending';
  const link = created ? `${window.location.origin}${created.path}` : '';

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      {dialog}
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Portal access
        </Title>
        <StatusBanner banner={banner} onClose={clear} />
        {access.isPending ? <Text c="dimmed">Loading invitations...</Text> : null}
        {access.isError ? (
          <Text c="var(--mantine-color-error)" role="alert">
            {errorMessage(access.error, 'Failed to load invitations')}
          </Text>
        ) : null}
        {data?.linkedUser ? (
          <Text data-testid="portal-linked-account">
            Linked to account {data.linkedUser.userName}
          </Text>
        ) : null}
        {data && !data.linkedUser ? (
          <>
            <Text size="sm" c="dimmed">
              Not linked to an account yet. An invitation link lets {who} log in or sign up as a{' '}
              {role} user and see their part of Porchlight.
              {hasPending ? ' A new link replaces the pending one, which stops working.' : ''}
            </Text>
            <Button
              onClick={() => void invite()}
              loading={create.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {hasPending ? 'New invitation link' : 'Invite to portal'}
            </Button>
          </>
        ) : null}
        {showLink && created ? (
          <Stack gap="xs">
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label="Invitation link"
                value={link}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: '1 1 16rem', minWidth: 0 }}
              />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button onClick={copy} variant={copied ? 'default' : 'filled'}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Give this link to {who} yourself. It works once and expires on{' '}
              {formatDayAndTime(created.invitation.expiresAt)}. It is not shown again.
            </Text>
          </Stack>
        ) : null}
        {data && invitations.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Invitations
            </Title>
            <List spacing="xs" listStyleType="none" aria-label="Invitations, newest first">
              {invitations.map((invitation) => (
                <List.Item key={invitation.id}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap="xs" wrap="wrap">
                      <Badge
                        color={STATE_COLORS[invitation.state]}
                        variant="light"
                        style={{ overflow: 'visible' }}
                      >
                        {STATE_LABELS[invitation.state]}
                      </Badge>
                      <Text size="sm">
                        Made {formatDay(invitation.createdAt)}, {outcome(invitation)}
                      </Text>
                    </Group>
                    {invitation.state === 'pending' ? (
                      <Button
                        size="xs"
                        variant="default"
                        c="var(--mantine-color-error)"
                        aria-label={`Withdraw the invitation made ${formatDayAndTime(invitation.createdAt)}`}
                        loading={revoke.isPending && revoke.variables === invitation.id}
                        onClick={() => void confirmWithdraw(invitation)}
                      >
                        Withdraw
                      </Button>
                    ) : null}
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {data && !data.linkedUser && invitations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No invitations yet.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
