import type { ModuleRoutes } from '../../front-door';
import { importsRoutes } from './imports.routes';

export { readImportFile } from './import-files';
export {
  PreviewRolledBack,
  importAllOrNothing,
  planImport,
  previewImport,
} from './imports.service';

export const routes: ModuleRoutes = [importsRoutes];
export { readCsv } from './import-files';
