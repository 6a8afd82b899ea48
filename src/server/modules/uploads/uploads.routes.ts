import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { runQuery, runService } from '../../context';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { uploadSchema } from '../../../shared/schemas/uploads';
import { AppError, badRequest, tooManyRequests } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { currentUser } from '../auth';
import { consumeRateLimit } from '../rate-limits';
import { checkUploadedFile, MAX_PDF_BYTES, type StoredFile } from './document';
import { MAX_PHOTO_BYTES, photoTooLarge } from './image';
import { toUpload } from './uploads.repository';
import { newStorageKey } from './file-store';
import { deleteOwnUpload, readOwnUpload, readPhoto, recordUpload } from './uploads.service';
import type { UploadRow } from './uploads.table';

/**
 * Stores a checked photo's file, then its row in the request's transaction. Should the
 * transaction fail, up to its commit, the file is removed again: a failure leaves nothing.
 * The photo is decoded before this (outside any transaction: decoding takes a while).
 */
async function storeUpload(request: FastifyRequest, photo: StoredFile): Promise<UploadRow> {
  const files = request.server.files;
  const storageKey = newStorageKey(photo.extension);
  await files.put(storageKey, photo.data);
  try {
    return await runService(request, recordUpload, { storageKey, photo });
  } catch (error) {
    await files.delete(storageKey);
    throw error;
  }
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

/** Photos one account may send per hour: plenty for a phone, a wall for a script filling the disk. */
export const UPLOAD_LIMIT = { limit: 60, windowMs: 60 * 60 * 1000 } as const;

export async function uploadsRoutes(app: AppInstance): Promise<void> {
  // Multipart bodies are accepted in this plugin only; every other call stays JSON.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(MAX_PHOTO_BYTES, MAX_PDF_BYTES),
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 50,
    },
  });

  app.post(
    '/uploads',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        summary: 'Send one photo or PDF (multipart/form-data, field "file")',
        description:
          'JPEG, PNG, WebP or HEIC (when this server can decode it), at most 10 MB. The photo is ' +
          're-encoded as WebP, at most 1600 px on its longest side, without its metadata (no ' +
          'location). A PDF (a receipt; it must start with %PDF- and end with %%EOF, at most ' +
          '10 MB) is stored as sent and only ever served as a download. Any logged-in user may ' +
          'send files; only the sender sees one until a request, work order or expense shows it ' +
          '(a work order shows photos only).',
        consumes: ['multipart/form-data'],
        response: { 201: uploadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = await readSinglePhoto(request);
      await limitUploads(request, currentUser(request).id);
      const upload = await storeUpload(request, await checkUploadedFile(input));
      return reply.status(201).send(toUpload(upload));
    },
  );

  app.get(
    '/uploads/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        summary: 'The bytes of a file the caller sent (image/webp inline, a PDF as a download)',
        params: idParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const upload = await runQuery(request, readOwnUpload, request.params.id);
      return sendStoredFile(reply, upload, await readPhoto(app.files, upload));
    },
  );

  app.delete(
    '/uploads/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        summary: 'Withdraw a photo the caller sent that no request or work order shows',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const upload = await runService(request, deleteOwnUpload, request.params.id);
      await app.files.delete(upload.storageKey);
      return reply.status(204).send(null);
    },
  );
}

/** The one file of a multipart body, read whole (at most 10 MB) so it can be checked. */
async function readSinglePhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'uploads.not_multipart',
      'Send the photo as multipart/form-data in a field named "file"',
    );
  }
  let photo: Buffer | undefined;
  try {
    // A second part of any kind breaks the parts limit and is refused, never silently dropped.
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw badRequest(
          'uploads.no_file',
          'Please choose a photo (a file in the field "file")',
          'file',
        );
      }
      photo = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!photo) throw badRequest('uploads.no_file', 'Please choose a photo', 'file');
  return photo;
}

function multipartError(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return badRequest(
      'uploads.bad_multipart',
      'Send exactly one photo in a field named "file"',
      'file',
    );
  }
  if (error instanceof AppError) return error;
  return badRequest('uploads.bad_multipart', 'The upload could not be read', 'file');
}

/** Counted outside the upload's transaction, so a refused photo still counts. */
async function limitUploads(request: FastifyRequest, userId: number): Promise<void> {
  const result = await consumeRateLimit(request.server.db, {
    key: `uploads:user:${userId}`,
    ...UPLOAD_LIMIT,
    now: request.server.config.now(),
  });
  if (!result.allowed) {
    throw tooManyRequests(
      'Too many photos in the last hour. Please try again later.',
      result.retryAfterSeconds,
    );
  }
}

/**
 * A file answer that no browser will run or guess at: its own type, nosniff, a sandbox
 * policy for anyone who opens it directly; like every API answer it is never cached (no-store).
 * A photo (re-encoded by the server) shows inline; a PDF (kept as sent) is only downloaded.
 */
export function sendStoredFile(reply: FastifyReply, upload: UploadRow, data: Buffer): FastifyReply {
  const disposition =
    upload.contentType === 'application/pdf'
      ? `attachment; filename="receipt-${upload.id}.pdf"`
      : `inline; filename="photo-${upload.id}.webp"`;
  return reply
    .header('Content-Type', upload.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', disposition)
    .send(data);
}
