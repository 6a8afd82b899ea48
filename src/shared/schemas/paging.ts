import { z } from 'zod';
import { MAX_ID, NUL_MESSAGE, hasNoNul } from './common';

/** The most rows one list answer carries; also the page a list answers when no limit is asked. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The query of every list call: a page (limit, offset), a search (q), and a sort by one of the
 * list's own columns. The exact total of the filtered rows comes back in X-Total-Count.
 */
export function pagedQuerySchema<const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
) {
  return z.object({
    q: z.string().trim().max(200).refine(hasNoNul, NUL_MESSAGE('Search')).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(MAX_ID).default(0),
    sort: z.enum(sortKeys, { error: `sort must be one of ${sortKeys.join(', ')}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: "order must be 'asc' or 'desc'" }).default('asc'),
  });
}

/** mine=true: only the records of properties the caller manages. */
export const mineSchema = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** An optional id filter in a query string (e.g. propertyId=7). */
export const idFilterSchema = z.coerce.number().int().positive().max(MAX_ID).optional();

/** An optional 'YYYY-MM-DD' bound in a query string. */
export const dateFilterSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .optional();
