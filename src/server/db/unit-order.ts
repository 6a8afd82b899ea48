import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Width of the leading number in the sort key: a unit number has at most 50 characters
 * (UNIT_LIMITS.unitNumber), so its leading digits do too.
 */
const NUMBER_WIDTH = 50;

/**
 * The order of unit numbers (docs/product.md section 12), as one SQL expression to sort by,
 * ascending or descending: its TypeScript twin is `compareUnitNumbers` (src/shared/unit-numbers.ts),
 * held to the same answers by unit-order.test.ts. The key is one text in byte order ("C"):
 * '0' and the leading digits as a number (zeros stripped, padded to a fixed width) for a unit
 * number that starts with a digit, '1' for one that does not, then the text with ASCII letters
 * folded (a tie, units that differ only in case, falls to the id, or in
 * the twin to the text as written). The expression is immutable, so an index on it can serve a list paged in this order.
 */
export function unitNumberOrder(unitNumber: AnyColumn | SQL): SQL {
  const text = sql`(${unitNumber} COLLATE "C")`;
  return sql`((CASE WHEN ${text} ~ '^[0-9]'
    THEN '0' || lpad(ltrim(substring(${text} from '^[0-9]+'), '0'), ${sql.raw(String(NUMBER_WIDTH))}, '0')
    ELSE '1' END || lower(${text})) COLLATE "C")`;
}
