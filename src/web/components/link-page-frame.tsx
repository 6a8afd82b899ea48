import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card a one-time link's page shows (a portal or a team invitation): a title, then its words. */
export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
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
