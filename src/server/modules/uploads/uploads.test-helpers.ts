import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestApp } from '../../test/test-app';

type Requester = { request(options: InjectOptions): Promise<LightMyRequestResponse> };

export interface FilePart {
  bytes: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A multipart body as a browser's form would send it. */
export function photoForm(...parts: FilePart[]): FormData {
  const form = new FormData();
  for (const { bytes, filename = 'photo.jpg', type = 'image/jpeg', field = 'file' } of parts) {
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  }
  return form;
}

export function postPhoto(
  caller: Requester,
  url: string,
  ...parts: FilePart[]
): Promise<LightMyRequestResponse> {
  return caller.request({
    method: 'POST',
    url,
    payload: photoForm(...parts) as unknown as InjectOptions['payload'],
  });
}

/** A real photo made by the image library: a gradient, so encoders have something to do. */
export async function makePhoto(
  format: 'jpeg' | 'png' | 'webp',
  { width = 640, height = 480 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><rect x="10" y="10" width="${Math.floor(width / 2)}" height="${Math.floor(height / 2)}" fill="#2a6"/></svg>`,
      ),
    },
  ]);
  return image.toFormat(format).toBuffer();
}

/** Files in the app's upload folder: a refused upload must leave none. */
export function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
}
