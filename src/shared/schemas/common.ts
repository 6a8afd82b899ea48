import { z } from 'zod';
import { LIMITS } from '../constants';

/** The largest id an integer (int4) column holds: a larger one cannot exist, and the database would refuse it. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id, from a path parameter or a body. */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID, 'Id is too large');
export const idParamsSchema = z.object({ id: idSchema });

/** PostgreSQL text cannot hold the NUL character: refuse it as bad input instead of failing to store it. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const NUL_MESSAGE = (label: string) => `${label} must not contain control characters`;

/** Every error answer has a human message; validation errors add the fields. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Trimmed text that must not be empty. */
export const requiredText = (label: string, max: number = LIMITS.shortText) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, NUL_MESSAGE(label));

/** Trimmed text that may be empty; empty becomes null. */
export const optionalText = (label: string, max: number = LIMITS.longText) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, NUL_MESSAGE(label))
    .nullish()
    .transform((value) => (value ? value : null));

export const emailSchema = (label = 'Email', max: number = LIMITS.shortText) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .pipe(z.email(`${label} must be a valid email address`));

export const phoneSchema = (label = 'Phone') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.phone, `${label} must be at most ${LIMITS.phone} characters`)
    .refine(hasNoNul, NUL_MESSAGE(label));

/** Only http(s) links: never javascript:, data: or anything a browser would run. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.url, `Image URL must be at most ${LIMITS.url} characters`)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isHttpUrl(value), {
    message: 'Image URL must start with http:// or https://',
  });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(value) && hasNoNul(value);
  } catch {
    return false;
  }
}

/** Exact money: a non-negative amount with at most two decimals. */
export const moneySchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(LIMITS.money, `${label} is too large`)
    .refine(hasAtMostDecimals(2), `${label} can have at most two decimals`);

export function hasAtMostDecimals(places: number) {
  const factor = 10 ** places;
  return (value: number) => Math.abs(Math.round(value * factor) - value * factor) < 1e-6;
}

/** A calendar date written 'YYYY-MM-DD'. */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealDate, `${label} must be a real date`);

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Optional list paging and search, shared by the list calls. */
export const listQuerySchema = z.object({
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  q: z.string().trim().max(200).refine(hasNoNul, NUL_MESSAGE('Search')).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_ID).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
