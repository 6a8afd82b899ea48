/** What other features may use from work orders. */
export {
  OverdueBadge,
  PriorityBadge,
  StatusBadge,
  WorkOrderBadges,
} from './components/work-order-badges';
export { MaintenanceCounts } from './components/maintenance-counts';
export { uploadPhoto, useWorkOrderPage } from './api/work-orders';
