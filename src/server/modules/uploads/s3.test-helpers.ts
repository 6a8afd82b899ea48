import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../../config';

export interface TestBucket {
  /** What S3_* settings would give for this server and bucket. */
  settings: ObjectStorageConfig;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a folder, checking SigV4
 * signatures) on a free local port, with one empty bucket. Its fixed account is S3RVER/S3RVER.
 */
export async function startTestBucket(bucket = 'porchlight-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'porchlight-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
