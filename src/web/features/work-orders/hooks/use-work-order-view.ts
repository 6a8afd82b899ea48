import { useSearchParams } from 'react-router';
import { useListParams } from '../../../lib/list-params';
import { useSearchParamsUpdate } from '../../../lib/search-params-update';

/** The filters the list call takes, kept in the address (`?priority=Emergency&overdue=true`). */
export const WORK_ORDER_FILTERS = [
  'propertyId',
  'priority',
  'status',
  'assigneeId',
  'overdue',
  'open',
] as const;
export type WorkOrderFilter = (typeof WORK_ORDER_FILTERS)[number];

const NO_SORT: readonly never[] = [];

/**
 * The work-order screen's state, all in the address so that a link (the dashboard's counts,
 * a bookmark) reproduces the view: board or list, whether the board shows finished columns,
 * the list's page and every filter.
 */
export function useWorkOrderView() {
  const params = useListParams(NO_SORT, WORK_ORDER_FILTERS);
  const [search] = useSearchParams();
  const view: 'board' | 'list' = search.get('view') === 'list' ? 'list' : 'board';
  const showClosed = search.get('closed') === 'true';

  const update = useSearchParamsUpdate();
  const set = (name: 'view' | 'closed', value: string | undefined) =>
    update({ [name]: value, page: undefined });

  return {
    params,
    view,
    showClosed,
    setView: (next: 'board' | 'list') => set('view', next === 'list' ? 'list' : undefined),
    setShowClosed: (show: boolean) => set('closed', show ? 'true' : undefined),
  };
}
