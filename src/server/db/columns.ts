import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';
import { formatDecimalCents, fromCents, parseDecimalCents, type Cents } from '../../shared/money';

/**
 * Money, numeric(12,2) in SQL and integer cents in the program (docs/decisions/0008). The
 * drivers hand numerics over as exact decimal strings, read digit by digit, never as a float.
 */
export const money = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  fromDriver: (value) => parseDecimalCents(String(value)),
  toDriver: (value) => formatDecimalCents(value),
});

/** A numeric SQL expression (a money column, a sum) read as cents; null sums count as 0. */
export const centsOf = (expression: SQL | AnyColumn) =>
  sql<Cents>`coalesce(${expression}, 0)`.mapWith((value) => parseDecimalCents(String(value)));

/** The same, as an API amount (a number with at most two decimals) for an answer's field. */
export const amountOf = (expression: SQL | AnyColumn) =>
  sql<number>`coalesce(${expression}, 0)`.mapWith((value) =>
    fromCents(parseDecimalCents(String(value))),
  );

/** A numeric with a fixed scale that reads back as a JS number. */
export const decimal = (precision: number, scale: number) =>
  customType<{ data: number; driverData: string }>({
    dataType: () => `numeric(${precision}, ${scale})`,
    fromDriver: (value) => Number(value),
    toDriver: (value) => value.toFixed(scale),
  });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);
