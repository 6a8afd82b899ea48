import { describe, expect, it } from 'vitest';
import { parseListingSearch } from './listing-search';

describe('parseListingSearch', () => {
  it.each([
    ['2 bedroom', { text: '', minBedrooms: 2 }],
    ['2 Bedrooms in Boise', { text: 'in Boise', minBedrooms: 2 }],
    ['3br', { text: '', minBedrooms: 3 }],
    ['1-bed', { text: '', minBedrooms: 1 }],
    ['studio', { text: '', minBedrooms: 0 }],
    ['$1,300', { text: '', maxRent: 1300 }],
    ['$1300.00', { text: '', maxRent: 1300 }],
    [
      '2 bed 1.5 bath $2,450 Maple',
      { text: 'Maple', minBedrooms: 2, minBathrooms: 1.5, maxRent: 2450 },
    ],
    ['Maple Court', { text: 'Maple Court' }],
    ['Unit 101', { text: 'Unit 101' }],
  ])('reads %j', (q, expected) => {
    expect(parseListingSearch(q)).toEqual(expected);
  });
});
