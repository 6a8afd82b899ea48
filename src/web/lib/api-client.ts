import type { ErrorBody } from '../../shared/schemas/common';

/** An answer other than 2xx, with the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's human message, or null when the body had none. */
    readonly serverMessage: string | null,
    readonly body: unknown,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * The message to show for a failed call: the server's message field when present,
 * else the screen's default (docs/product.md section 8).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** The server's per-field messages of a 400 (its `errors` map), first message per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = error instanceof ApiError ? (error.body as ErrorBody | null)?.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Calls the API on the same origin with the session cookie; JSON in, JSON out. */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiResponse<T>> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, messageOf(parsed), parsed);
  }
  return { data: parsed as T, headers: response.headers };
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object' && typeof (body as ErrorBody).message === 'string') {
    return (body as ErrorBody).message;
  }
  return null;
}

export const api = {
  get: async <T>(path: string, signal?: AbortSignal) =>
    (await apiRequest<T>('GET', path, undefined, signal)).data,
  post: async <T>(path: string, body?: unknown) =>
    (await apiRequest<T>('POST', path, body ?? {})).data,
  put: async <T>(path: string, body: unknown) => (await apiRequest<T>('PUT', path, body)).data,
  patch: async <T>(path: string, body: unknown) => (await apiRequest<T>('PATCH', path, body)).data,
  delete: async (path: string) => {
    await apiRequest<unknown>('DELETE', path);
  },
};

/** A page of a list call: its rows and the exact total of the filtered list (X-Total-Count). */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** GETs one page of a list; empty parameters are left out of the address. */
export async function getPage<T>(
  path: string,
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  const { data, headers } = await apiRequest<T[]>(
    'GET',
    query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path,
    undefined,
    signal,
  );
  const total = Number(headers.get('X-Total-Count'));
  return { rows: data, total: Number.isFinite(total) ? total : data.length };
}
