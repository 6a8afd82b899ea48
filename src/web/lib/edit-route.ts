import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from './api-client';

const POSITIVE_INTEGER = /^[1-9]\d*$/;

/**
 * The record id of an edit route such as /unit/12, or undefined on /unit/create. An id segment
 * that is not a positive integer (/lease/abc) is undefined too: nothing is loaded for it, and
 * `useFillFromRecord` reports the record as not found.
 */
export function useRouteId(): number | undefined {
  const { id } = useParams();
  return id !== undefined && POSITIVE_INTEGER.test(id) ? Number(id) : undefined;
}

/**
 * Whether an edit route names no record the caller may edit: its id segment is not a positive
 * integer, or the load answered 404 (a missing record, or another landlord's: docs/product.md
 * section 6). Any other failure is not 'not found'.
 */
export function isRecordNotFound(routeId: string | undefined, error: unknown): boolean {
  if (routeId !== undefined && !POSITIVE_INTEGER.test(routeId)) return true;
  return error instanceof ApiError && error.status === 404;
}

/**
 * After an edit is saved, forms return to their create route and hand the success message
 * over in the navigation state; this shows it once (a reload or going back does not repeat it).
 * Without `showSuccess` (a form that is not an edit route's) the message is left to the page's.
 */
export function useHandedOverSuccess(showSuccess: ((message: string) => void) | undefined): void {
  const navigate = useNavigate();
  const location = useLocation();
  const handedOver = (location.state as { success?: string } | null)?.success;
  useEffect(() => {
    if (!handedOver || !showSuccess) return;
    showSuccess(handedOver);
    void navigate(location.pathname, { replace: true, state: null });
  }, [handedOver, showSuccess, navigate, location.pathname]);
}

/**
 * Edit mode: hands the loaded record to `fill` once it arrives (and again if it is
 * refetched). Every failed load of a detail for editing is logged; the answer says whether the
 * route names no record (a 404 or an id that is not one), so the page shows its not-found state
 * instead of an empty form (docs/product.md section 8). Other failures leave the form empty.
 */
export function useFillFromRecord<T>(
  query: { data: T | undefined; error: unknown },
  label: string,
  fill: (record: T) => void,
): { notFound: boolean } {
  const { id } = useParams();
  const { data, error } = query;
  useEffect(() => {
    if (data !== undefined) fill(data);
    // Only a new record refills the form: `fill` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  useEffect(() => {
    if (error) console.error(`Failed to load ${label}`, error);
  }, [error, label]);
  return { notFound: isRecordNotFound(id, error) };
}
