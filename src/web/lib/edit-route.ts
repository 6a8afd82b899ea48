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
