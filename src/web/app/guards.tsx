import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MessagePage } from '../components/page-states';
import type { Area } from '../../shared/permissions';
import { useSession } from '../features/auth/session';

/**
 * Pages of an organisation's members (and Admins). The server refuses the calls anyway; this
 * only spares the user a screen full of errors. `subject` completes 'Please log in to manage
 * ...'; `area`, when given, is one the member's role must be allowed to read.
 */
export function RequireManager({
  subject,
  area,
  children,
}: {
  subject: string;
  area?: Area | undefined;
  children: ReactNode;
}) {
  const { user, isManager, membership, can } = useSession();
  if (!user) {
    return (
      <MessagePage title="Access Denied">
        Please log in to manage {subject}
        <br />
        <Button component={Link} to="/login" mt="md">
          Log in
        </Button>
      </MessagePage>
    );
  }
  if (!isManager) {
    return (
      <MessagePage title="Access Denied">
        You need to be a Landlord or Admin to access this page.
      </MessagePage>
    );
  }
  if (area && !can(area, 'read')) {
    return (
      <MessagePage title="Access Denied">
        Your role in {membership?.organisationName} ({membership?.role}) does not include this page.
      </MessagePage>
    );
  }
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useSession();
  if (!user || !isAdmin) {
    return (
      <MessagePage title="Access Denied">You need to be an Admin to access this page.</MessagePage>
    );
  }
  return children;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) {
    return (
      <MessagePage title="Access Denied">You need to be logged in to access this page.</MessagePage>
    );
  }
  return children;
}
