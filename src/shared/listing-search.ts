/**
 * What an applicant types in the listings' search box, read as filters where it names one
 * (docs/product.md section 16): '2 bedroom', '2 bed', '2br', '2-bedroom' and 'studio' ask
 * for at least that many bedrooms; '2 bath' for at least that many bathrooms; an amount
 * with a dollar sign ('$1,300', '$1300.00') for a rent of at most that. The rest of the
 * text is searched as before.
 */
export interface ListingSearch {
  /** The words left to search in the listings' text; '' when the search was all filters. */
  text: string;
  minBedrooms?: number;
  minBathrooms?: number;
  maxRent?: number;
}

const BEDROOMS = /\b(\d{1,2})\s*-?\s*(?:bedrooms?|beds?|br|bd)\b/i;
const STUDIO = /\bstudios?\b/i;
const BATHROOMS = /\b(\d{1,2}(?:\.5)?)\s*-?\s*(?:bathrooms?|baths?|ba)\b/i;
const RENT = /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?\b/;

export function parseListingSearch(q: string): ListingSearch {
  let text = q;
  const found: ListingSearch = { text: '' };
  const take = (pattern: RegExp) => {
    const match = pattern.exec(text);
    if (match) text = text.replace(match[0], ' ');
    return match;
  };
  const bedrooms = take(BEDROOMS);
  if (bedrooms) found.minBedrooms = Number(bedrooms[1]);
  else if (take(STUDIO)) found.minBedrooms = 0;
  const bathrooms = take(BATHROOMS);
  if (bathrooms) found.minBathrooms = Number(bathrooms[1]);
  const rent = take(RENT);
  if (rent) found.maxRent = Number(rent[1]!.replace(/,/g, ''));
  found.text = text.replace(/\s+/g, ' ').trim();
  return found;
}
