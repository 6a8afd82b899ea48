import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRouteId } from '../../../lib/edit-route';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';

type Noun = 'Property' | 'Unit' | 'Tenant';

function OverviewNotFound({ noun }: { noun: Noun }) {
  const back =
    noun === 'Tenant'
      ? { to: '/tenants', label: 'Back to tenants' }
      : { to: '/properties', label: 'Back to properties' };
  return <NotFoundState noun={noun} back={back} />;
}

/** The page of the record named by the address's id; an id that is not a number is not found. */
export function WithRouteId({ noun, children }: { noun: Noun; children(id: number): ReactNode }) {
  const id = useRouteId();
  return id === undefined ? <OverviewNotFound noun={noun} /> : children(id);
}

/** Loading, not found (a missing id answers 404) or failed: what a page shows instead of itself. */
export function OverviewPending({ error, noun }: { error: unknown; noun: Noun }) {
  if (!error) return <LoadingState label={`Loading ${noun.toLowerCase()}...`} />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <OverviewNotFound noun={noun} />;
  }
  return (
    <ErrorBanner>{errorMessage(error, `Failed to load the ${noun.toLowerCase()}`)}</ErrorBanner>
  );
}
