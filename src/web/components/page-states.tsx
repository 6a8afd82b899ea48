import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred spinner with a text that screen readers announce. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** The calm box a list shows when it has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" px="md" ta="center">
      <Text fw={600}>{title}</Text>
      {children ? (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}

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
