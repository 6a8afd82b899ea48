import { z } from 'zod';
import { LIMITS } from '../constants';
import { isRealDate } from '../dates';
import { isExactAmount } from '../money';
import { MAX_PHONE_INPUT, parsePhone } from '../phone-numbers';
import { amountOfMoneyText } from '../money-text';

/** The largest id an integer (int4) column holds: a larger one cannot exist, and the database would refuse it. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id, from a path parameter or a body. */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID, 'Id is too large');
export const idParamsSchema = z.object({ id: idSchema });

/** PostgreSQL text cannot hold the NUL character: refuse it as bad input instead of failing to store it. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const NUL_MESSAGE = (label: string) => `${label} must not contain control characters`;

/**
 * The one base of every text a body carries, even a field the server then ignores: at
 * most `max` characters and no NUL, so bad text is a 400 before any limit is charged and
 * never reaches the database.
 */
export const textSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, NUL_MESSAGE(label));

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

/**
 * A required phone number, checked and answered in E.164 ('+12125550101'): src/shared/phone-numbers.ts
 * says what is read (US by default, '+' and a country code otherwise) and how it is shown.
 */
export const phoneSchema = (label = 'Phone') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_PHONE_INPUT, `${label} must be at most ${MAX_PHONE_INPUT} characters`)
    .refine(hasNoNul, NUL_MESSAGE(label))
    .transform((value, context) => {
      const result = parsePhone(value, label);
      if ('phone' in result) return result.phone;
      context.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    });

/** The same, optional: empty or absent is null. */
export const optionalPhoneSchema = (label = 'Phone') =>
  z
    .string()
    .trim()
    .max(MAX_PHONE_INPUT, `${label} must be at most ${MAX_PHONE_INPUT} characters`)
    .refine(hasNoNul, NUL_MESSAGE(label))
    .nullish()
    .transform((value, context) => {
      if (!value) return null;
      const result = parsePhone(value, label);
      if ('phone' in result) return result.phone;
      context.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    });

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
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !/\s/.test(value) &&
      hasNoNul(value)
    );
  } catch {
    return false;
  }
}

/** A field left empty says it is required; anything else that is not a number says so. */
export const numberError =
  (label: string) =>
  ({ input }: { input: unknown }): string =>
    input === undefined || input === null || input === ''
      ? `${label} is required`
      : `${label} must be a number`;

/**
 * A money field's text that does not read as an amount (the money field hands it on as typed)
 * says why, as the field itself does: '"1,65" could be read two ways', 'cannot be negative'.
 */
export const moneyError =
  (label: string) =>
  ({ input }: { input: unknown }): string => {
    if (typeof input === 'string') {
      const read = amountOfMoneyText(label, input);
      if ('error' in read) return read.error;
    }
    return numberError(label)({ input });
  };

/** Exact money: a non-negative amount with at most two decimals. */
export const moneySchema = (label: string) =>
  z
    .number({ error: moneyError(label) })
    .min(0, `${label} cannot be negative`)
    .max(LIMITS.money, `${label} is too large`)
    .refine(isExactAmount, `${label} can have at most two decimals`);

/** Exact: 0.1 passes; 0.1 + 0.2 (0.30000000000000004) and 1.005 do not. */
export function hasAtMostDecimals(places: number) {
  const factor = 10 ** places;
  return (value: number) => Number.isFinite(value) && Math.round(value * factor) / factor === value;
}

/** The calendar dates a lease or move-in may name; outside them a date is a typo. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '9999-12-31';

/** A calendar date written 'YYYY-MM-DD', from 1900-01-01 to 9999-12-31. */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(isRealDate, `${label} must be a real date`)
    .refine(
      (value) => value >= EARLIEST_DATE && value <= LATEST_DATE,
      `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`,
    );
