import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * The record id of an edit route such as /unit/12, or undefined on /unit/create.
 * An id that is not a positive integer cannot be edited: the form stays in create mode.
 */
export function useRouteId(): number | undefined {
  const { id } = useParams();
  return id !== undefined && /^[1-9]\d*$/.test(id) ? Number(id) : undefined;
}

/**
 * After an edit is saved, forms return to their create route and hand the success message
 * over in the navigation state; this shows it once (a reload or going back does not repeat it).
 */
export function useHandedOverSuccess(showSuccess: (message: string) => void): void {
  const navigate = useNavigate();
  const location = useLocation();
  const handedOver = (location.state as { success?: string } | null)?.success;
  useEffect(() => {
    if (!handedOver) return;
    showSuccess(handedOver);
    navigate(location.pathname, { replace: true, state: null });
  }, [handedOver, showSuccess, navigate, location.pathname]);
}

/**
 * Edit mode: hands the loaded record to `fill` once it arrives (and again if it is
 * refetched). A failed load of a detail for editing is only logged (docs/product.md section 8).
 */
export function useFillFromRecord<T>(
  query: { data: T | undefined; error: unknown },
  label: string,
  fill: (record: T) => void,
): void {
  const { data, error } = query;
  useEffect(() => {
    if (data !== undefined) fill(data);
    // Only a new record refills the form: `fill` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  useEffect(() => {
    if (error) console.error(`Failed to load ${label}`, error);
  }, [error, label]);
}
