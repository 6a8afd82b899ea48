import { describe, expect, it } from 'vitest';
import { csvHref } from './download-csv-button';

describe('csvHref', () => {
  it("carries the screen's search, sort and filters but not its page", () => {
    expect(
      csvHref('/api/units.csv', {
        limit: 25,
        offset: 50,
        q: 'oak & elm',
        sort: 'rent',
        order: 'desc',
        status: 'Available',
        propertyId: 7,
      }),
    ).toBe('/api/units.csv?q=oak+%26+elm&sort=rent&order=desc&status=Available&propertyId=7');
  });

  it('leaves out empty values, and the question mark when nothing is left', () => {
    expect(csvHref('/api/staff.csv', { limit: 25, offset: 0, q: undefined, sort: '' })).toBe(
      '/api/staff.csv',
    );
    expect(csvHref('/api/applications.csv')).toBe('/api/applications.csv');
  });
});
