import { z } from 'zod';

/** An uploaded photo or PDF as the API describes it; its bytes come from GET /api/uploads/{id}. */
export const uploadSchema = z.object({
  id: z.number().int(),
  contentType: z.string(),
  byteSize: z.number().int(),
  /** A photo's size in pixels; null for a PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const MAX_PHOTO_MEGABYTES = 10;
