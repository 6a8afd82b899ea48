import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// A page's waiting and empty states live apart, free of the router, for the visitor's page
// (src/web/visitor-main.tsx); re-exported here for every other screen.
export { EmptyState, LoadingState } from './waiting-states';

/** The red banner of the spec. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Something went wrong">
      {children}
    </Alert>
  );
}

export function MessagePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py={48} ta="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? <Text c="dimmed">{children}</Text> : null}
    </Stack>
  );
}

interface NotFoundStateProps {
  /** What the address names, e.g. 'Unit': the heading reads 'Unit not found'. */
  noun: string;
  /** The way back, e.g. { to: '/units', label: 'Back to units' }. */
  back: { to: string; label: string };
  /** A fresh record instead, e.g. { to: '/unit/create', label: 'Create a unit' }. */
  create?: { to: string; label: string };
}

/**
 * An edit route whose record does not exist or is not the caller's (the server answers both
 * with 404): says so, instead of an empty form, and offers the list and a new record.
 */
export function NotFoundState({ noun, back, create }: NotFoundStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="not-found-state">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <Title order={2} size="h3">
          {noun} not found
        </Title>
        <Text c="dimmed">
          There is no {noun.toLowerCase()} at this address, or it is not one you manage.
        </Text>
        <Group gap="sm" justify="center" mt="xs">
          <Button component={Link} to={back.to}>
            {back.label}
          </Button>
          {create ? (
            <Button component={Link} to={create.to} variant="default">
              {create.label}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
