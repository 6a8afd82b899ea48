import { Card, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkerQueueItem } from '../../../../shared/schemas/worker-queue';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useWorkerQueue } from '../api/worker-queue';
import { WorkOrderBadges } from '../../work-orders';

/** What a Maintenance account that no invitation has linked yet reads (docs/product.md 15). */
export const WORKER_NOT_LINKED_TEXT =
  'Your account is not linked to a staff record yet. Ask your landlord for a portal invitation.';
export const WORKER_QUEUE_EMPTY_TEXT = 'Nothing assigned to you right now';

const TITLE = 'Your work orders';

/** '/' for a Maintenance user: the open work orders assigned to them, emergencies first. */
export function WorkerQueuePage() {
  const { data, isPending, error } = useWorkerQueue();

  if (isPending) {
    return (
      <>
        <PageHeader title={TITLE} />
        <LoadingState label="Loading your work orders..." />
      </>
    );
  }
  if (error) {
    return (
      <>
        <PageHeader title={TITLE} />
        <ErrorBanner>{errorMessage(error, 'Failed to load your work orders')}</ErrorBanner>
      </>
    );
  }
  return (
    <>
      <PageHeader title={TITLE} />
      {!data.linked ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="not-linked">
          <Text>{WORKER_NOT_LINKED_TEXT}</Text>
        </Paper>
      ) : data.workOrders.length === 0 ? (
        <EmptyState title={WORKER_QUEUE_EMPTY_TEXT} />
      ) : (
        <Stack
          component="ul"
          gap="sm"
          aria-label={TITLE}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {data.workOrders.map((order) => (
            <li key={order.id}>
              <QueueCard order={order} />
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}

function QueueCard({ order }: { order: WorkerQueueItem }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/my-work-orders/${order.id}`}
      data-testid="worker-queue-card"
    >
      <Stack gap={6}>
        <WorkOrderBadges priority={order.priority} status={order.status} overdue={order.overdue} />
        <Title order={2} size="h4">
          {order.title}
        </Title>
        <Text size="sm">
          {order.propertyName}, unit {order.unitNumber}
        </Text>
        <Text size="sm" c="dimmed">
          {order.address}
        </Text>
        <Text size="sm" c="dimmed">
          {order.category}
          {order.scheduledFor ? ` · Scheduled ${formatDate(order.scheduledFor)}` : ''}
        </Text>
      </Stack>
    </Card>
  );
}
