import { describe, expect, it } from 'vitest';
import { nextPageOf } from './all-pages';

describe('nextPageOf', () => {
  it('reads the next page from a Link header, and nothing on the last page', () => {
    expect(nextPageOf('</api/units?mine=true&limit=100&offset=100>; rel="next"')).toBe(
      '/api/units?mine=true&limit=100&offset=100',
    );
    expect(nextPageOf('</a?offset=1>; rel="prev", </a?offset=3>; rel="next"')).toBe('/a?offset=3');
    expect(nextPageOf(null)).toBeNull();
    expect(nextPageOf('</a?offset=1>; rel="prev"')).toBeNull();
  });
});
