import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** What a person types to find a phone: digits and the marks numbers are written with. */
const PHONE_LIKE = /^[\d\s()+.\-/]*\d{3}[\d\s()+.\-/]*$/;

/**
 * Phones are stored in E.164 ('+12125550101'; docs/product.md section 5) but searched as
 * people write them ('555-0101', '(212) 555'): a search text that reads as part of a phone
 * matches a phone whose digits contain its digits. Anything else matches nothing here (the
 * caller's other conditions still apply), so a name search never pays for this test.
 */
export function phoneDigitsMatch(phone: AnyColumn | SQL, searchText: string): SQL | undefined {
  const text = searchText.trim();
  if (!PHONE_LIKE.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  return sql`regexp_replace(${phone}, '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`;
}
