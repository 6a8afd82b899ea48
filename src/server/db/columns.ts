import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * Exact money, numeric(12,2) in SQL. The driver hands numerics over as strings; the
 * application works with JSON numbers of at most two decimals, which a double represents
 * exactly enough to round-trip. Sums are done by the database, never in floating point.
 */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => value.toFixed(2),
});

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
