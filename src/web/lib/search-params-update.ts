import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Changes some of the address's search params (an empty or undefined value removes one),
 * replacing the history entry. Each change builds on the address as it is now, not on the
 * params of the last render: the router renders a navigation as a transition, so a change
 * made before that render (a date typed right after 'Clear filters') would otherwise bring
 * back what the first change removed.
 */
export function useSearchParamsUpdate(): (changes: Record<string, string | undefined>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      setParams(next, { replace: true });
    },
    [setParams],
  );
}
