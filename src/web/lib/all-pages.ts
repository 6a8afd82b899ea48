import { MAX_PAGE_SIZE } from '../../shared/schemas/paging';
import { apiRequest } from './api-client';

/** The address of the next page in a `Link` header, or null on the last page. */
export function nextPageOf(link: string | null): string | null {
  return link ? (/<([^>]+)>\s*;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
}

/**
 * A whole list, read page by page as the server's Link headers lead: the landlord's own
 * management lists stay complete while no single request costs more than a page.
 */
export async function getAllPages<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=${MAX_PAGE_SIZE}`;
  while (next) {
    const { data, headers } = await apiRequest<T[]>('GET', next, undefined, signal);
    items.push(...data);
    next = nextPageOf(headers.get('Link'));
  }
  return items;
}
