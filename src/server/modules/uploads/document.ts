import { AppError, badRequest } from '../../http/errors';
import { processPhoto, sniffPhotoFormat } from './image';

/** A receipt as a PDF: kept as sent (it cannot be re-encoded like a photo), so it is only ever downloaded. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

export const FILE_FORMATS_MESSAGE = 'Please choose a JPEG, PNG, WebP or HEIC photo, or a PDF';

/** A checked file ready to store: a photo re-encoded as WebP, or a PDF as sent. */
export interface StoredFile {
  data: Buffer;
  contentType: 'image/webp' | 'application/pdf';
  extension: 'webp' | 'pdf';
  width: number | null;
  height: number | null;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
/** A PDF ends with %%EOF (a trailer may follow it by a few bytes, an incremental update by more). */
const PDF_TAIL_WINDOW = 2048;

export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER);
}

/**
 * A PDF by its content: it starts with '%PDF-' and ends with '%%EOF'. Its bytes are stored
 * as they came; the download route serves it as an attachment, never inline, so a PDF (or
 * whatever hides in one) is never opened inside the app's origin.
 */
export function checkPdf(input: Buffer): StoredFile {
  if (input.length > MAX_PDF_BYTES) throw fileTooLarge();
  const tail = input.subarray(Math.max(0, input.length - PDF_TAIL_WINDOW)).toString('latin1');
  if (!isPdf(input) || !tail.includes('%%EOF')) {
    throw badRequest('uploads.unreadable', 'This file is not a readable PDF', 'file');
  }
  return {
    data: input,
    contentType: 'application/pdf',
    extension: 'pdf',
    width: null,
    height: null,
  };
}

/** A photo (re-encoded) or a PDF (kept), told apart by their first bytes only. */
export async function checkUploadedFile(input: Buffer): Promise<StoredFile> {
  if (isPdf(input)) return checkPdf(input);
  if (!sniffPhotoFormat(input)) {
    throw badRequest('uploads.unsupported_type', FILE_FORMATS_MESSAGE, 'file');
  }
  return processPhoto(input);
}

export const fileTooLarge = () =>
  new AppError(413, 'uploads.too_large', 'A file may be at most 10 MB', {
    file: ['A file may be at most 10 MB'],
  });
