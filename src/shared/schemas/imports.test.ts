import { describe, expect, it } from 'vitest';
import { columnForHeader, headerKey, IMPORT_COLUMNS, IMPORT_KINDS } from './imports';

describe('import headers', () => {
  it('match a column by label, field name or alias, ignoring case, spaces and punctuation', () => {
    expect(headerKey(' Unit # ')).toBe('unit');
    expect(columnForHeader('units', 'Unit #')).toBe('unitNumber');
    expect(columnForHeader('units', 'MONTHLY RENT')).toBe('rent');
    expect(columnForHeader('tenants', 'E-mail')).toBe('email');
    expect(columnForHeader('tenants', 'Security deposit')).toBe('deposit');
    expect(columnForHeader('properties', 'Zip')).toBe('zipCode');
    expect(columnForHeader('units', 'Favourite colour')).toBe(null);
    expect(columnForHeader('units', '###')).toBe(null);
  });

  it('never let one header mean two columns of a kind', () => {
    for (const kind of IMPORT_KINDS) {
      const names = IMPORT_COLUMNS[kind].flatMap((c) =>
        [c.label, c.field, ...c.aliases].map((name) => [headerKey(name), c.field] as const),
      );
      for (const [key, field] of names)
        expect(columnForHeader(kind, key), `${kind}: ${key}`).toBe(field);
    }
  });
});
