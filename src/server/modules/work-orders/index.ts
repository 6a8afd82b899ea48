// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './work-orders.table';

import type { ModuleRoutes, ModuleSubscribers } from '../../front-door';
import {
  assignedNotice,
  requestFiledNotice,
  statusNotice,
  tenantNoteNotice,
} from './work-orders.notifications';
import { workOrdersRoutes } from './work-orders.routes';
import { workerQueueRoutes } from './worker-queue.routes';

export { fileTenantRequest } from './tenant-requests.service';
export { findPhotoUpload, listNotes, listPhotos, listWorkOrders } from './work-orders.repository';
export { readWorkOrder } from './work-orders.service';

export const routes: ModuleRoutes = [workOrdersRoutes, workerQueueRoutes];

export const subscribers: ModuleSubscribers = [
  requestFiledNotice,
  assignedNotice,
  statusNotice,
  tenantNoteNotice,
];
export { workTotals } from './work-orders.repository';
export { requireWorkOrder } from './work-orders.service';
