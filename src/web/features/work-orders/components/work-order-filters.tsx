import { Select, Switch } from '@mantine/core';
import { MAINTENANCE_PRIORITIES, WORK_ORDER_STATUSES } from '../../../../shared/maintenance';
import type { ListParams } from '../../../lib/list-params';
import { PropertyPicker } from '../../properties';
import { useManagedStaff } from '../api/work-orders';
import type { WorkOrderFilter } from '../hooks/use-work-order-view';

/** Property, priority, status, assignee, open and overdue: the same controls on board and list. */
export function WorkOrderFilters({ params }: { params: ListParams<never, WorkOrderFilter> }) {
  const staff = useManagedStaff();
  const { filters, setFilter } = params;
  const toggle = (name: 'open' | 'overdue', on: boolean) => setFilter(name, on ? 'true' : '');
  return (
    <>
      <PropertyPicker
        aria-label="Property"
        label={null}
        placeholder="Any property"
        required={false}
        clearable
        value={filters.propertyId ?? ''}
        onChange={(propertyId) => setFilter('propertyId', propertyId)}
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        aria-label="Priority"
        placeholder="Any priority"
        clearable
        data={[...MAINTENANCE_PRIORITIES]}
        value={filters.priority ?? null}
        onChange={(priority) => setFilter('priority', priority ?? '')}
        w={{ base: '100%', sm: 160 }}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        clearable
        data={[...WORK_ORDER_STATUSES]}
        value={filters.status ?? null}
        onChange={(status) => setFilter('status', status ?? '')}
        w={{ base: '100%', sm: 160 }}
      />
      <Select
        aria-label="Assignee"
        placeholder="Anyone"
        clearable
        searchable
        data={(staff.data ?? []).map((s) => ({
          value: String(s.id),
          label: `${s.firstName} ${s.lastName}`,
        }))}
        value={filters.assigneeId ?? null}
        onChange={(assigneeId) => setFilter('assigneeId', assigneeId ?? '')}
        w={{ base: '100%', sm: 200 }}
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
