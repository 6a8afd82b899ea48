import type { ModuleRoutes, ModuleJobs } from '../../front-door';
import { backupsRoutes } from './backups.routes';
import { backupJobs } from './backups.jobs';

export { unpackAndCheck } from './backup-archive';
export { BackupFileError, backupFileName } from './backup-format';
export type { Manifest } from './backup-format';
export { RestoreRefusedError, VerificationFailedError } from './backup-restore';
export { writeBackup } from './backup-run';
export { describeVerification } from './backup-verification';
export {
  localUrlOf,
  newLocalToken,
  readLocalToken,
  removeLocalToken,
  writeLocalToken,
} from './local-token';
export { restoreBackup } from './restore-backup';

export const routes: ModuleRoutes = [backupsRoutes];

export const jobs: ModuleJobs = ({ config, database, files }) =>
  backupJobs(config, database, files);
