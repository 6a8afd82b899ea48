const BASE = 'https://porchlight.invalid';
const MAX_LENGTH = 2_000;

/**
 * Where to go back to after logging in or signing up (`?next=`): a path of this site only.
 * Anything that would leave it ('//host', '/\host', 'https://host', 'javascript:') is refused,
 * and the caller goes home instead.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `?next=` (and any other parameters) for the login and sign-up pages. */
export function withReturnTo(
  path: string,
  next: string | null,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams(extra);
  const safe = safeReturnPath(next);
  if (safe) params.set('next', safe);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
