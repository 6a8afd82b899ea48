// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './uploads.table';

import type { ModuleRoutes } from '../../front-door';
import { uploadsRoutes } from './uploads.routes';

export { configuredFileStore } from './configured-file-store';
export type { FileStore } from './file-store';
export { findOwnUpload } from './uploads.repository';
export { UPLOAD_LIMIT, sendStoredFile } from './uploads.routes';
export { readPhoto } from './uploads.service';

export const routes: ModuleRoutes = [uploadsRoutes];
export { deleteUploadRow } from './uploads.repository';
