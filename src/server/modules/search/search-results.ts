import {
  SEARCH_KIND_LABELS,
  type SearchResponse,
  type SearchResult,
} from '../../../shared/schemas/search';

/**
 * At most `max` results over all kinds, taken in turns (one of each kind, then a second of
 * each...), so that twenty matching tenants never hide the one matching property.
 */
export function groupResults(found: SearchResult[][], max: number): SearchResponse {
  const taken = found.map(() => 0);
  let count = 0;
  for (let round = 0; count < max; round += 1) {
    let progressed = false;
    for (const [index, results] of found.entries()) {
      if (count >= max) break;
      if (results.length > round) {
        taken[index] = round + 1;
        count += 1;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  const groups = found
    .map((results, index) => results.slice(0, taken[index]))
    .filter((results) => results.length > 0)
    .map((results) => ({
      kind: results[0]!.kind,
      label: SEARCH_KIND_LABELS[results[0]!.kind],
      results,
    }));
  return { groups };
}
