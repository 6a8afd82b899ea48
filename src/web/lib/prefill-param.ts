import { useSearchParams } from 'react-router';

/**
 * An id handed to a create form in its address (`/unit/create?propertyId=7`, from the
 * property page's 'Add unit here'), as the form's string value; '' when absent or not an id.
 */
export function usePrefillId(name: string): string {
  const [params] = useSearchParams();
  const value = params.get(name) ?? '';
  return /^[1-9]\d{0,9}$/.test(value) ? value : '';
}
