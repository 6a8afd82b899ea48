import { lazy } from 'react';
import { useSession } from '../../auth/session';
import { PropertyBrowser } from './property-browser';

// The application form (its validation library included) loads on the first Apply, so
// browsing carries only what browsing needs.
const ApplicationModal = lazy(() =>
  import('../../applications').then((m) => ({ default: m.ApplicationModal })),
);

/** The property browser inside the SPA: '/properties', and '/' for a visitor (app/router.tsx). */
export function PropertyBrowserPage() {
  const { user } = useSession();
  return <PropertyBrowser welcomeName={user?.userName} applicationModal={ApplicationModal} />;
}
