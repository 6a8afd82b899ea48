import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAINTENANCE_PRIORITIES, WORK_ORDER_STATUSES } from '../../../../shared/maintenance';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { formatDate } from '../../../../shared/dates';
import {
  useManagedStaff,
  useManagedUnits,
  useWorkOrderCounts,
  useWorkOrders,
  type WorkOrderFilters,
} from '../api/work-orders';
import { PriorityBadge, StatusBadge } from './work-order-badges';

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value ?? '-'}
      </Text>
    </Card>
  );
}

/** The landlord's work orders: counts, filters, and one card per order (fits a phone). */
export function WorkOrdersPage() {
  const [filters, setFilters] = useState<WorkOrderFilters>({});
  const orders = useWorkOrders(filters);
  const counts = useWorkOrderCounts();
  const units = useManagedUnits();
  const staff = useManagedStaff();
  const properties = [
    ...new Map((units.data ?? []).map((u) => [u.propertyId, u.propertyName])).entries(),
  ].map(([value, label]) => ({ value: String(value), label }));
  const set = (patch: WorkOrderFilters) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <Stack>
      <PageHeader
        title="Work orders"
        description="Maintenance requests and the work done on them"
        actions={
          <Button component={Link} to="/work-orders/create">
            File a request
          </Button>
        }
      />
      <SimpleGrid cols={3} spacing="xs">
        <Count label="Open" value={counts.data?.open} />
        <Count label="Emergency" value={counts.data?.emergency} />
        <Count label="Overdue" value={counts.data?.overdue} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        <Select
          label="Property"
          clearable
          data={properties}
          value={filters.propertyId ?? null}
          onChange={(propertyId) => set({ propertyId })}
        />
        <Select
          label="Priority"
          clearable
          data={[...MAINTENANCE_PRIORITIES]}
          value={filters.priority ?? null}
          onChange={(priority) => set({ priority })}
        />
        <Select
          label="Status"
          clearable
          data={[...WORK_ORDER_STATUSES]}
          value={filters.status ?? null}
          onChange={(status) => set({ status })}
        />
        <Select
          label="Assignee"
          clearable
          data={(staff.data ?? []).map((s) => ({
            value: String(s.id),
            label: `${s.firstName} ${s.lastName}`,
          }))}
          value={filters.assigneeId ?? null}
          onChange={(assigneeId) => set({ assigneeId })}
        />
      </SimpleGrid>
      <Switch
        label="Overdue only"
        checked={filters.overdue ?? false}
        onChange={(event) => set({ overdue: event.currentTarget.checked })}
      />
      {orders.isPending ? <LoadingState label="Loading work orders..." /> : null}
      {orders.isError ? <ErrorBanner>Could not load the work orders.</ErrorBanner> : null}
      {orders.data?.length === 0 ? (
        <EmptyState title="No work orders">Nothing matches these filters.</EmptyState>
      ) : null}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {orders.data?.map((order) => (
          <Card key={order.id} withBorder padding="sm" component="li">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/work-orders/${order.id}`} fw={600}>
                {order.title}
              </Anchor>
              <Group gap={4}>
                <PriorityBadge priority={order.priority} />
                <StatusBadge status={order.status} overdue={order.overdue} />
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {order.propertyName}, unit {order.unitNumber} · {order.category} · filed{' '}
              {formatDate(order.filedAt.slice(0, 10))}
              {order.assigneeName ? ` · ${order.assigneeName}` : ''}
              {order.scheduledFor ? ` on ${formatDate(order.scheduledFor)}` : ''}
            </Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
