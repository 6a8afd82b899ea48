import { Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * The summary cards' shape while their figures load: six cards where the figures will be,
 * so nothing below moves when they arrive. Screen readers hear the spec's loading text.
 */
export function SummaryCardsSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, xl: 6 }}
      spacing="sm"
      mb="lg"
      role="status"
      aria-live="polite"
      data-testid="summary-cards-loading"
    >
      <VisuallyHidden>Loading dashboard...</VisuallyHidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} withBorder p="md" aria-hidden>
          <Skeleton height={14} width="60%" mb={10} />
          <Skeleton height={24} width="40%" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The charts', the leases ending soon's and the property cards' shape while they load
 * (one call answers all three).
 */
export function OverviewSkeleton() {
  return (
    <Stack gap="lg" mb="lg" role="status" aria-live="polite" data-testid="overview-loading">
      <VisuallyHidden>Loading properties and leases ending soon...</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
      <Skeleton height={160} radius="md" aria-hidden />
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    </Stack>
  );
}
