import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PortalWorkOrder } from '../../../../shared/schemas/portal';
import { EmptyState } from '../../../components/page-states';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from '../../work-orders';

/** The tenant's maintenance requests on their unit, newest first; each opens its detail. */
export function MaintenanceRequests({ orders }: { orders: PortalWorkOrder[] }) {
  if (orders.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title="No maintenance requests">
          Problems you report, and repairs your landlord records for your unit, show here with where
          they stand.
        </EmptyState>
      </Paper>
    );
  }
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="My maintenance requests"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {orders.map((order) => (
        <Paper key={order.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Anchor
              component={Link}
              to={`/requests/${order.id}`}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {order.title}
            </Anchor>
            <StatusBadge status={order.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {order.priority} · filed {formatDate(order.createdAt)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
