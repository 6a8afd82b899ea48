import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { WorkOrderStatus } from '../../../../shared/maintenance';
import type { WorkOrderSummary } from '../../../../shared/schemas/work-orders';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import type { ListParams } from '../../../lib/list-params';
import { formatDate } from '../../../lib/format';
import { useWorkOrderBoard, type WorkOrderQuery } from '../api/work-orders';
import type { WorkOrderFilter } from '../hooks/use-work-order-view';
import { WorkOrderBadges } from './work-order-badges';
import { WorkOrderPlace } from './work-order-place';
import { WorkOrderFilters } from './work-order-filters';

const WORKING: readonly WorkOrderStatus[] = ['New', 'Assigned', 'In progress', 'Waiting', 'Done'];
const FINISHED: readonly WorkOrderStatus[] = ['Closed', 'Cancelled'];

/**
 * What the board asks for. Closed and cancelled work orders pile up over the years, so while
 * they are hidden the board asks only for open ones and Done ones, not for the whole history.
 */
function boardQueries(
  filters: Partial<Record<WorkOrderFilter, string>>,
  showClosed: boolean,
): WorkOrderQuery[] {
  if (filters.status || showClosed || filters.open === 'true') return [filters];
  return [
    { ...filters, open: 'true' },
    { ...filters, status: 'Done' },
  ];
}

/** The board view: a column per status, each card a link to its work order. */
export function WorkOrderBoard({
  params,
  showClosed,
  onShowClosed,
}: {
  params: ListParams<never, WorkOrderFilter>;
  showClosed: boolean;
  onShowClosed(show: boolean): void;
}) {
  const [first, second] = boardQueries(params.filters, showClosed);
  const open = useWorkOrderBoard(first!);
  const done = useWorkOrderBoard(second ?? {}, second !== undefined);
  const queries = second ? [open, done] : [open];
  const failed = queries.find((q) => q.isError);
  const orders = queries.flatMap((q) => q.data ?? []);
  const statuses = [...WORKING, ...(showClosed ? FINISHED : [])].filter(
    (status) => !params.filters.status || status === params.filters.status,
  );
  const filtered = Object.keys(params.filters).length > 0;

  let body;
  if (failed) {
    body = (
      <ErrorBanner>{errorMessage(failed.error, 'Failed to load the work orders')}</ErrorBanner>
    );
  } else if (queries.some((q) => q.isPending)) {
    body = <LoadingState label="Loading work orders..." />;
  } else if (orders.length === 0) {
    body = filtered ? (
      <EmptyState title="No work orders match these filters">
        Change or clear the filters to see more.
      </EmptyState>
    ) : (
      <EmptyState title="No work orders yet">
        Requests your tenants send, and the ones you file, show here.
      </EmptyState>
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: Math.min(statuses.length, 5) }}
        spacing="sm"
        p="sm"
        aria-busy={queries.some((q) => q.isFetching)}
      >
        {statuses.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            orders={orders.filter((o) => o.status === status)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Paper withBorder radius="md">
      <Group p="sm" pb={0} gap="sm" align="center" wrap="wrap">
        <WorkOrderFilters params={params} />
        <Switch
          label="Show closed and cancelled"
          checked={showClosed}
          onChange={(event) => onShowClosed(event.currentTarget.checked)}
        />
        {filtered ? (
          <Button variant="subtle" size="xs" onClick={params.clearFilters}>
            Clear filters
          </Button>
        ) : null}
      </Group>
      {body}
    </Paper>
  );
}

function BoardColumn({ status, orders }: { status: WorkOrderStatus; orders: WorkOrderSummary[] }) {
  const headingId = `board-${status.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId} data-testid="board-column">
      <Title order={2} size="h5" id={headingId}>
        {status} ({orders.length})
      </Title>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {orders.map((order) => (
            <Paper key={order.id} component="li" withBorder radius="sm" p="xs">
              <Anchor
                component={Link}
                to={`/work-orders/${order.id}`}
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {order.title}
              </Anchor>
              <WorkOrderBadges priority={order.priority} overdue={order.overdue} />
              <Text size="xs" c="dimmed" mt={4}>
                <WorkOrderPlace order={order} />
              </Text>
              <Text size="xs" c="dimmed">
                {order.assigneeName ?? 'Unassigned'}
                {order.scheduledFor ? ` · ${formatDate(order.scheduledFor)}` : ''}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
