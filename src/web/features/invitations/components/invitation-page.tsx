import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { withReturnTo } from '../../../lib/return-to';
import { useSession } from '../../auth/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationByCode } from '../api/get-invitation-by-code';
import type { InvitationPreview } from '../../../../shared/schemas/invitations';
import { formatDayAndTime } from './dates';

/** '<landlord> invites <name> to the Porchlight portal for unit 3C at Maple Court'. */
function invitationSentence(info: InvitationPreview): string {
  const start = `${info.landlordName} invites ${info.name} to the Porchlight portal`;
  if (info.kind === 'staff') return `${start} as maintenance staff at ${info.propertyName}.`;
  return info.unitNumber
    ? `${start} for unit ${info.unitNumber} at ${info.propertyName}.`
    : `${start} at ${info.propertyName}.`;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function HomeLink({ variant = 'filled' }: { variant?: 'filled' | 'default' }) {
  return (
    <Button component={Link} to="/" variant={variant} style={{ alignSelf: 'flex-start' }}>
      Go to your home
    </Button>
  );
}

/**
 * /invitations/:code, open to everyone: what the link is for; logged out, the way to log in or
 * sign up and come back; logged in, Accept (docs/product.md section 13).
 */
export function InvitationPage() {
  const code = useParams().code ?? '';
  const { pathname } = useLocation();
  const { user } = useSession();
  const info = useInvitationByCode(code);
  const accept = useAcceptInvitation(code);

  if (info.isPending) return <LoadingState label="Checking the invitation..." />;

  if (accept.isSuccess) {
    return (
      <Frame title="Invitation accepted">
        <Text role="status">
          Your account {user?.userName} now acts as {info.data?.name ?? 'the invited person'}
          {info.data ? ` at ${info.data.propertyName}` : ''}.
        </Text>
        <HomeLink />
      </Frame>
    );
  }

  if (info.isError) {
    return (
      <Frame title="This invitation does not work">
        <Text>{errorMessage(info.error, 'This invitation link is not valid.')}</Text>
        <Text size="sm" c="dimmed">
          Ask whoever sent it for a new link.
        </Text>
        <HomeLink />
      </Frame>
    );
  }

  const invitation = info.data;
  const role = invitation.kind === 'staff' ? 'Maintenance' : 'Tenant';

  return (
    <Frame title="Portal invitation">
      <Text size="lg">{invitationSentence(invitation)}</Text>
      <Text size="sm" c="dimmed">
        The invitation works once and expires on {formatDayAndTime(invitation.expiresAt)}.
      </Text>
      {user ? (
        <>
          <Text>
            You are logged in as <strong>{user.userName}</strong>. Accepting links this account to{' '}
            {invitation.name}.
          </Text>
          {accept.isError ? (
            <ErrorBanner>
              {errorMessage(accept.error, 'The invitation could not be accepted')}
            </ErrorBanner>
          ) : null}
          <Button
            onClick={() => accept.mutate()}
            loading={accept.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Accept invitation
          </Button>
        </>
      ) : (
        <>
          <Text>
            To accept it, log in, or sign up as a {role} user; you come back here afterwards.
          </Text>
          <Group gap="sm">
            <Button component={Link} to={withReturnTo('/login', pathname, { role })}>
              Log in
            </Button>
            {/* Sign-up reads the invitation: its role, its email, and the way back here. */}
            <Button
              component={Link}
              to={`/signup?${new URLSearchParams({ invitation: code })}`}
              variant="default"
            >
              Sign up
            </Button>
          </Group>
        </>
      )}
    </Frame>
  );
}
