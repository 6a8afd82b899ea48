import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { MemberInvitationPreview } from '../../../../shared/schemas/organisations';
import { LinkPageFrame } from '../../../components/link-page-frame';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { withReturnTo } from '../../../lib/return-to';
import { useSession } from '../../auth/session';
import { useAcceptMemberInvitation, useMemberInvitationPreview } from '../api/team';

const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** '<invitedBy> invited you to join <organisation> as <role>.' */
function invitationSentence(preview: MemberInvitationPreview): string {
  const who = preview.invitedBy ?? 'Someone';
  return `${who} invited you to join ${preview.organisationName} as ${preview.role}.`;
}

const NOT_PENDING: Record<MemberInvitationPreview['state'], string> = {
  pending: '',
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn.',
  expired: 'This invitation has expired.',
};

/**
 * /join/:code, open to everyone: the organisation an invitation is for; logged out, the way to
 * log in or sign up and come back; logged in, Accept, after which the session acts for it.
 */
export function JoinPage() {
  const code = useParams().code ?? '';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, setUser } = useSession();
  const preview = useMemberInvitationPreview(code);
  const accept = useAcceptMemberInvitation(code);

  if (preview.isPending) return <LoadingState label="Checking the invitation..." />;

  if (preview.isError || preview.data.state !== 'pending') {
    return (
      <LinkPageFrame title="This invitation does not work">
        <Text>
          {preview.isError
            ? errorMessage(preview.error, 'This invitation link is not valid.')
            : NOT_PENDING[preview.data.state]}
        </Text>
        <Text size="sm" c="dimmed">
          Ask whoever sent it for a new link.
        </Text>
        <Button component={Link} to="/" style={{ alignSelf: 'flex-start' }}>
          Go to your home
        </Button>
      </LinkPageFrame>
    );
  }

  const invitation = preview.data;
  return (
    <LinkPageFrame title="Join a team">
      <Text size="lg" data-testid="join-sentence">
        {invitationSentence(invitation)}
      </Text>
      <Text size="sm" c="dimmed">
        The invitation works once and expires on {expiry.format(new Date(invitation.expiresAt))}.
      </Text>
      {user ? (
        <>
          <Text>
            You are logged in as <strong>{user.userName}</strong>. Accepting adds this account to{' '}
            {invitation.organisationName}.
          </Text>
          {accept.isError ? (
            <ErrorBanner>
              {errorMessage(accept.error, 'The invitation could not be accepted')}
            </ErrorBanner>
          ) : null}
          <Button
            loading={accept.isPending}
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: (signedIn) => {
                  // Every screen reads again as the organisation's member.
                  queryClient.clear();
                  setUser(signedIn);
                  void navigate('/');
                },
              })
            }
          >
            Accept invitation
          </Button>
        </>
      ) : (
        <>
          <Text>To accept it, log in, or sign up first; you come back here afterwards.</Text>
          <Group gap="sm">
            <Button component={Link} to={withReturnTo('/login', pathname)}>
              Log in
            </Button>
            <Button component={Link} to={withReturnTo('/signup', pathname)} variant="default">
              Sign up
            </Button>
          </Group>
        </>
      )}
    </LinkPageFrame>
  );
}
