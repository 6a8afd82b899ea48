import { z } from 'zod';
import { NUL_MESSAGE, hasNoNul } from './common';

export const SEARCH_KINDS = ['property', 'unit', 'tenant', 'lease', 'workOrder'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  property: 'Properties',
  unit: 'Units',
  tenant: 'Tenants',
  lease: 'Leases',
  workOrder: 'Work orders',
};

/** The most results one search answers, over all kinds. */
export const MAX_SEARCH_RESULTS = 20;
export const MAX_SEARCH_LENGTH = 100;

/** GET /api/search. An empty q answers no results (the palette before anything is typed). */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .refine(hasNoNul, NUL_MESSAGE('Search'))
    .default(''),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  /** The app's page for the record, e.g. /units/7. */
  link: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Groups in SEARCH_KINDS order; a kind with no match is left out. */
export const searchResponseSchema = z.object({
  groups: z.array(
    z.object({
      kind: z.enum(SEARCH_KINDS),
      label: z.string(),
      results: z.array(searchResultSchema),
    }),
  ),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
