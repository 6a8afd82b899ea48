import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Area } from '../../../../shared/permissions';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../session';

interface RequireWriteProps {
  /** The area the page changes (src/shared/permissions.ts). */
  area: Area;
  /** Completes 'Your role cannot ...', e.g. 'add or edit units'. */
  doing: string;
  /** The page's heading, shown above the message when the form is withheld. */
  title?: string;
  /** Where the member may go instead, e.g. the list. */
  back?: { to: string; label: string };
  children: ReactNode;
}

/**
 * A form that changes an area, or, for a role that may only read it, a calm word saying so:
 * the server would refuse the save anyway, and a form that cannot be saved wastes the typing.
 */
export function RequireWrite({ area, doing, title, back, children }: RequireWriteProps) {
  const { can, membership } = useSession();
  if (can(area, 'write')) return children;
  return (
    <>
      {title ? <PageHeader title={title} /> : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="role-cannot-write">
        <Stack align="center" gap="sm" py="lg" ta="center">
          <Title order={2} size="h3">
            Your role cannot {doing}
          </Title>
          {membership ? (
            <Text c="dimmed">
              Your role in {membership.organisationName} is {membership.role}; an Owner can change
              it on the Team page.
            </Text>
          ) : null}
          {back ? (
            <Button component={Link} to={back.to} mt="xs">
              {back.label}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}
