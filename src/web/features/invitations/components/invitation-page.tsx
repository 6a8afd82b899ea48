import { Button, Group, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { LinkPageFrame } from '../../../components/link-page-frame';
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
      <LinkPageFrame title="Invitation accepted">
        <Text role="status">
          Your account {user?.userName} now acts as {info.data?.name ?? 'the invited person'}
          {info.data ? ` at ${info.data.propertyName}` : ''}.
        </Text>
        <HomeLink />
      </LinkPageFrame>
    );
  }

  if (info.isError) {
    return (
      <LinkPageFrame title="This invitation does not work">
        <Text>{errorMessage(info.error, 'This invitation link is not valid.')}</Text>
        <Text size="sm" c="dimmed">
          Ask whoever sent it for a new link.
        </Text>
        <HomeLink />
      </LinkPageFrame>
    );
  }

  const invitation = info.data;
  const role = invitation.kind === 'staff' ? 'Maintenance' : 'Tenant';

  return (
    <LinkPageFrame title="Portal invitation">
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
    </LinkPageFrame>
  );
}
