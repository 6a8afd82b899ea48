import { Switch } from '@mantine/core';
import { MAINTENANCE_PRIORITIES, WORK_ORDER_STATUSES } from '../../../../shared/maintenance';
import { SelectFilter } from '../../../components/list-filters';
import type { ListParams } from '../../../lib/list-params';
import { PropertyFilter } from '../../properties';
import { useManagedStaff } from '../api/work-orders';
import type { WorkOrderFilter } from '../hooks/use-work-order-view';

/** Property, priority, status, assignee, open and overdue: the same controls on board and list. */
export function WorkOrderFilters({ params }: { params: ListParams<never, WorkOrderFilter> }) {
  const staff = useManagedStaff();
  const { filters, setFilter } = params;
  const toggle = (name: 'open' | 'overdue', on: boolean) => setFilter(name, on ? 'true' : '');
  return (
    <>
      <PropertyFilter params={params} width={220} />
      <SelectFilter
        params={params}
        name="priority"
        label="Priority"
        placeholder="Any priority"
        data={[...MAINTENANCE_PRIORITIES]}
        width={160}
      />
      <SelectFilter
        params={params}
        name="status"
        label="Status"
        placeholder="Any status"
        data={[...WORK_ORDER_STATUSES]}
        width={160}
      />
      <SelectFilter
        params={params}
        name="assigneeId"
        label="Assignee"
        placeholder="Anyone"
        searchable
        data={(staff.data ?? []).map((s) => ({
          value: String(s.id),
          label: `${s.firstName} ${s.lastName}`,
        }))}
        width={200}
      />
      <Switch
        label="Open only"
        checked={filters.open === 'true'}
        onChange={(event) => toggle('open', event.currentTarget.checked)}
      />
      <Switch
        label="Overdue only"
        checked={filters.overdue === 'true'}
        onChange={(event) => toggle('overdue', event.currentTarget.checked)}
      />
    </>
  );
}
