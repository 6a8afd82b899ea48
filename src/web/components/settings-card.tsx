import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBanner, type Banner } from './status-banner';

/** One setting on the account page: a heading, what it does, the outcome of the last change. */
export function SettingsCard({
  title,
  description,
  banner,
  onBannerClose,
  children,
}: {
  title: string;
  description: ReactNode;
  banner: Banner;
  onBannerClose(): void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <StatusBanner banner={banner} onClose={onBannerClose} />
        {children}
      </Stack>
    </Paper>
  );
}
