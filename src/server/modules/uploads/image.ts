import sharp from 'sharp';
import { AppError, badRequest } from '../../http/errors';

/** The formats a photo may arrive in, recognised by their first bytes, never by name or header. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The longest side kept: enough to see a leak or a broken part on any screen. */
export const MAX_PHOTO_EDGE = 1600;
/** A small file can claim an enormous canvas; refuse it before decoding. */
const MAX_INPUT_PIXELS = 60_000_000;

export const PHOTO_FORMATS_MESSAGE = 'Please choose a JPEG, PNG, WebP or HEIC photo';
const HEIC_UNREADABLE_MESSAGE =
  'This HEIC photo cannot be read here. Please send it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible)';

const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/** The format the bytes are in, or null: only these formats ever reach the decoder. */
export function sniffPhotoFormat(bytes: Buffer): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))
  ) {
    return 'heif';
  }
  return null;
}

export interface ProcessedPhoto {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

/**
 * Decodes the photo, turns it upright, shrinks it and encodes it afresh as WebP. The new
 * file carries pixels only: EXIF (with the GPS position), XMP and comments are not copied,
 * and nothing of the original bytes survives, so a file that hides a script behind an
 * image header comes out as a plain picture or not at all.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > MAX_PHOTO_BYTES) throw photoTooLarge();
  const format = sniffPhotoFormat(input);
  if (!format) throw badRequest('uploads.unsupported_type', PHOTO_FORMATS_MESSAGE, 'file');
  try {
    const { data, info } = await sharp(input, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .autoOrient()
      .resize({
        width: MAX_PHOTO_EDGE,
        height: MAX_PHOTO_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: 'image/webp',
      extension: 'webp',
      width: info.width,
      height: info.height,
    };
  } catch {
    if (format === 'heif') throw badRequest('uploads.unreadable', HEIC_UNREADABLE_MESSAGE, 'file');
    throw badRequest('uploads.unreadable', 'This file is not a readable photo', 'file');
  }
}

export const photoTooLarge = () =>
  new AppError(413, 'uploads.too_large', 'A photo may be at most 10 MB', {
    file: ['A photo may be at most 10 MB'],
  });
