import { z } from 'zod';

/** An uploaded photo as the API describes it; its bytes come from GET /api/uploads/{id}. */
export const uploadSchema = z.object({
  id: z.number().int(),
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const MAX_PHOTO_MEGABYTES = 10;
