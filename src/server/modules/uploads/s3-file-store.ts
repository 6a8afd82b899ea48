import { AwsClient } from 'aws4fetch';
import type { ObjectStorageConfig } from '../../config';
import { assertSafeKey, type FileStore } from './file-store';

/** One request may take this long; a stalled storage server must not hold an upload forever. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Uploads kept in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2, ...). Addresses
 * are path-style, `<endpoint>/<bucket>/<key>`, which every such server understands; bucket
 * subdomains would need DNS the self-hosted ones rarely have.
 */
export class S3FileStore implements FileStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(config: ObjectStorageConfig) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
      // aws4fetch retries 5xx ten times by default, up to a minute of waiting inside one upload.
      retries: 2,
    });
    this.base = `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/`;
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
  ): Promise<Response> {
    assertSafeKey(key);
    return this.client.fetch(this.base + key, {
      method,
      // A copy of exactly these bytes: a small Buffer is a window on a larger shared pool.
      body: body ? new Uint8Array(body) : undefined,
      headers: body ? { 'Content-Type': 'application/octet-stream' } : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    const response = await this.send('PUT', key, data);
    if (!response.ok) throw await storageError('PUT', key, response);
    await response.body?.cancel();
  }

  async get(key: string): Promise<Buffer | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      const code = errorCode(await response.text().catch(() => ''));
      // A missing bucket is a setup fault; answering null would present every photo as gone.
      if (code === 'NoSuchBucket') throw describedError('GET', key, 404, code);
      return null;
    }
    if (!response.ok) throw await storageError('GET', key, response);
    return Buffer.from(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    // S3 answers 204 for a missing key too; some compatible servers answer 404.
    if (!response.ok && response.status !== 404) throw await storageError('DELETE', key, response);
    await response.body?.cancel();
  }
}

/**
 * Names the operation, the status and S3's error code only: the error body may echo the
 * access key id or the string that was signed, which do not belong in logs.
 */
async function storageError(method: string, key: string, response: Response): Promise<Error> {
  const code = errorCode(await response.text().catch(() => ''));
  return describedError(method, key, response.status, code);
}

function describedError(method: string, key: string, status: number, code?: string): Error {
  return new Error(`object storage ${method} ${key} answered ${status}${code ? ` (${code})` : ''}`);
}

function errorCode(xml: string): string | undefined {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(xml)?.[1];
}
