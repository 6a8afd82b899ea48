import { ApiError, errorMessage } from '../../../lib/api-client';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';

/** Loading, not found (a missing id answers 404) or failed: what a page shows instead of itself. */
export function OverviewPending({ error, noun }: { error: unknown; noun: 'Property' | 'Unit' }) {
  if (!error) return <LoadingState label={`Loading ${noun.toLowerCase()}...`} />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <NotFoundState noun={noun} back={{ to: '/properties', label: 'Back to properties' }} />;
  }
  return (
    <ErrorBanner>{errorMessage(error, `Failed to load the ${noun.toLowerCase()}`)}</ErrorBanner>
  );
}
