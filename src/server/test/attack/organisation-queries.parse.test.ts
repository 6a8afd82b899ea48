import { describe, expect, it } from 'vitest';
import { unscopedTables } from './organisation-queries';

const tables = ['units', 'leases', 'properties'];

describe('unscopedTables', () => {
  it('sees a table joined right after a table named without an alias', () => {
    expect(unscopedTables('SELECT 1 FROM p JOIN units u ON u.property_id = p.id', tables)).toEqual([
      'units',
    ]);
    expect(
      unscopedTables(
        'SELECT 1 FROM p JOIN units u ON u.property_id = p.id WHERE u.organisation_id = $1',
        tables,
      ),
    ).toEqual([]);
  });

  it('reads an alias, with or without AS, and the bare column of a table without one', () => {
    expect(
      unscopedTables('SELECT 1 FROM leases AS l WHERE l.organisation_id = $1', tables),
    ).toEqual([]);
    expect(unscopedTables('SELECT 1 FROM leases l WHERE leases.id = $1', tables)).toEqual([
      'leases',
    ]);
    expect(unscopedTables('SELECT 1 FROM properties WHERE organisation_id = $1', tables)).toEqual(
      [],
    );
  });
});
