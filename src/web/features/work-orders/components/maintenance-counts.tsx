import { Card, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { useWorkOrderCounts } from '../api/work-orders';

/** Each count opens the list filtered to exactly what it counts. */
const COUNTS = [
  { key: 'open', label: 'Open', to: '/work-orders?view=list&open=true' },
  {
    key: 'emergency',
    label: 'Emergency',
    to: '/work-orders?view=list&open=true&priority=Emergency',
  },
  { key: 'overdue', label: 'Overdue', to: '/work-orders?view=list&overdue=true' },
] as const;

/** The dashboard's maintenance figures: open work orders, open emergencies, overdue requests. */
export function MaintenanceCounts({ heading = true }: { heading?: boolean }) {
  const counts = useWorkOrderCounts();
  return (
    <Stack gap="xs" mb="lg" data-testid="maintenance-counts">
      {heading ? (
        <Title order={2} size="h3">
          Maintenance
        </Title>
      ) : null}
      {counts.isPending ? (
        <LoadingState label="Loading maintenance counts..." />
      ) : counts.isError ? (
        <ErrorBanner>
          {errorMessage(counts.error, 'Failed to load the maintenance counts')}
        </ErrorBanner>
      ) : (
        <>
          <SimpleGrid cols={3} spacing="xs">
            {COUNTS.map(({ key, label, to }) => (
              // The link's name comes from what it shows ('Open work orders: 4'), so that
              // what a voice-control user reads out is part of it.
              <Card key={key} withBorder padding="sm" component={Link} to={to}>
                <Text size="sm" c="dimmed">
                  {label}
                  <VisuallyHidden> work orders:</VisuallyHidden>
                </Text>
                <Text fw={700} size="xl">
                  {counts.data[key]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {counts.data.open === 0 ? (
            <Text size="sm" c="dimmed">
              No open work orders: nothing waits on you.
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
