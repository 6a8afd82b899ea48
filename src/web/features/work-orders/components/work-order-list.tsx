import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkOrderSummary } from '../../../../shared/schemas/work-orders';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import type { ListParams } from '../../../lib/list-params';
import { formatDate } from '../../../lib/format';
import { useWorkOrderPage } from '../api/work-orders';
import type { WorkOrderFilter } from '../hooks/use-work-order-view';
import { OverdueBadge, PriorityBadge, StatusBadge } from './work-order-badges';
import { WorkOrderPlace } from './work-order-place';
import { WorkOrderFilters } from './work-order-filters';

const columns: Column<WorkOrderSummary>[] = [
  {
    key: 'title',
    header: 'Work order',
    render: (o) => (
      <Anchor component={Link} to={`/work-orders/${o.id}`} fw={600}>
        {o.title}
      </Anchor>
    ),
  },
  {
    key: 'unit',
    header: 'Unit',
    render: (o) => <WorkOrderPlace order={o} />,
  },
  { key: 'priority', header: 'Priority', render: (o) => <PriorityBadge priority={o.priority} /> },
  {
    key: 'status',
    header: 'Status',
    render: (o) => (
      <>
        <StatusBadge status={o.status} /> {o.overdue ? <OverdueBadge /> : null}
      </>
    ),
  },
  { key: 'assignee', header: 'Assignee', render: (o) => o.assigneeName ?? 'Nobody yet' },
  {
    key: 'filedAt',
    header: 'Filed',
    render: (o) => formatDate(o.filedAt),
  },
];

/** The list view: one page at a time from the server, emergencies and oldest first. */
export function WorkOrderList({ params }: { params: ListParams<never, WorkOrderFilter> }) {
  const page = useWorkOrderPage(params.query);
  return (
    <ServerTable
      caption="Work orders"
      data={page.data}
      isPending={page.isPending}
      isFetching={page.isFetching}
      error={page.isError ? errorMessage(page.error, 'Failed to load the work orders') : null}
      params={params}
      columns={columns}
      rowKey={(o) => o.id}
      filters={<WorkOrderFilters params={params} />}
      empty={{
        title: 'No work orders yet',
        description: 'Requests your tenants send, and the ones you file, show here.',
      }}
    />
  );
}
