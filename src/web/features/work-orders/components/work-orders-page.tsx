import { Button, SegmentedControl, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../auth/session';
import { useWorkOrderView } from '../hooks/use-work-order-view';
import { MaintenanceCounts } from './maintenance-counts';
import { WorkOrderBoard } from './work-order-board';
import { WorkOrderList } from './work-order-list';

/**
 * /work-orders: the landlord's work orders as a board by status or as a paged list, filtered
 * by property, priority, status, assignee, open and overdue; every choice lives in the address.
 */
export function WorkOrdersPage() {
  const { params, view, setView, showClosed, setShowClosed } = useWorkOrderView();
  const { can } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Work orders"
        description="Maintenance requests and the work done on them"
        actions={
          can('maintenance', 'write') ? (
            <Button component={Link} to="/work-orders/create">
              File a request
            </Button>
          ) : undefined
        }
      />
      <MaintenanceCounts heading={false} />
      <SegmentedControl
        aria-label="View"
        value={view}
        onChange={(next) => setView(next as 'board' | 'list')}
        data={[
          { value: 'board', label: 'Board' },
          { value: 'list', label: 'List' },
        ]}
        w={{ base: '100%', sm: 240 }}
      />
      {view === 'list' ? (
        <WorkOrderList params={params} />
      ) : (
        <WorkOrderBoard params={params} showClosed={showClosed} onShowClosed={setShowClosed} />
      )}
    </Stack>
  );
}
