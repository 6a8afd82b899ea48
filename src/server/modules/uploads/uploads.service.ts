import { actingUser, type Context } from '../../context';
import { conflict, notFound, PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../http/errors';
import { recordEvent } from '../audit';
import type { FileStore } from './file-store';
import type { StoredFile } from './document';
import { deleteUploadRow, findOwnUpload, insertUpload } from './uploads.repository';
import type { UploadRow } from './uploads.table';

const NOT_FOUND = () => notFound('uploads.not_found', 'Photo not found');

/** What the trail keeps of a photo: where its file lies stays out of it. */
function audited({ storageKey: _storageKey, ...kept }: UploadRow) {
  return kept;
}

/** The row of a photo or PDF whose file is already stored under `storageKey`. */
export async function recordUpload(
  ctx: Context,
  { storageKey, photo }: { storageKey: string; photo: StoredFile },
): Promise<UploadRow> {
  const row = await insertUpload(ctx.tx, {
    storageKey,
    uploadedBy: actingUser(ctx).id,
    contentType: photo.contentType,
    byteSize: photo.data.length,
    width: photo.width,
    height: photo.height,
    createdAt: ctx.now,
  });
  await recordEvent(ctx, {
    entityType: 'uploads',
    entityId: row.id,
    action: 'create',
    after: audited(row),
  });
  return row;
}

/** A file the caller sent (only its sender sees it through this address). */
export async function readOwnUpload(ctx: Context, id: number): Promise<UploadRow> {
  const upload = await findOwnUpload(ctx.tx, actingUser(ctx).id, id);
  if (!upload) throw NOT_FOUND();
  return upload;
}

/** The sender withdraws a photo that no record shows yet; the file goes after the commit. */
export async function deleteOwnUpload(ctx: Context, id: number): Promise<UploadRow> {
  const upload = await findOwnUpload(ctx.tx, actingUser(ctx).id, id);
  if (!upload) throw NOT_FOUND();
  try {
    // In a savepoint: a reference from a request or work order must not end the transaction.
    await ctx.tx.transaction((tx) => deleteUploadRow(tx, id));
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw conflict(
        'uploads.in_use',
        'This photo belongs to a request or work order and cannot be deleted',
      );
    }
    throw error;
  }
  await recordEvent(ctx, {
    entityType: 'uploads',
    entityId: id,
    action: 'delete',
    before: audited(upload),
  });
  return upload;
}

/** The bytes of a photo or PDF the caller has already been allowed to see. */
export async function readPhoto(files: FileStore, upload: UploadRow): Promise<Buffer> {
  const data = await files.get(upload.storageKey);
  if (!data) throw NOT_FOUND();
  return data;
}
