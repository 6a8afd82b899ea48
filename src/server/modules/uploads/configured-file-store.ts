import path from 'node:path';
import type { Config } from '../../config';
import { DiskFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

/** The configured bucket, else a folder 'uploads' in DATA_DIR (the server's and the commands'). */
export function configuredFileStore(config: Pick<Config, 'objectStorage' | 'dataDir'>): FileStore {
  return config.objectStorage
    ? new S3FileStore(config.objectStorage)
    : new DiskFileStore(path.join(config.dataDir, 'uploads'));
}
