import { calendarDate } from '../../../shared/dates';
import { MAX_SEARCH_RESULTS, type SearchResponse } from '../../../shared/schemas/search';
import type { Context } from '../../context';
import { managedPropertiesFilter } from '../authz';
import { groupResults } from './search-results';
import { searchEverything } from './search.repository';

/** The palette's answer: the records the caller manages that match `q`, grouped by kind. */
export async function searchManaged(ctx: Context, q: string): Promise<SearchResponse> {
  const found = await searchEverything(ctx.tx, {
    scope: managedPropertiesFilter(ctx.actor),
    q,
    limit: MAX_SEARCH_RESULTS,
    today: calendarDate(ctx.now, ctx.timeZone),
  });
  return groupResults(found, MAX_SEARCH_RESULTS);
}
