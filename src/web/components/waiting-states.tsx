import { Center, Loader, Stack, Text } from '@mantine/core';
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

/** An empty list or screen: what is missing, and (`action`) the button that fills it. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap={4} py="xl" px="md" ta="center">
      <Text fw={600}>{title}</Text>
      {children ? (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      ) : null}
      {action ? <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{action}</div> : null}
    </Stack>
  );
}
