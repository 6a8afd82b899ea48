import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useSession } from '../features/auth/session';
import { RequireAdmin, RequireManager, RequireUser } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { ROUTES, type Access, type AppRoute } from './route-table';

function guarded(access: Access, page: ReactNode): ReactNode {
  if (access.kind === 'manager')
    return (
      <RequireManager subject={access.subject} area={access.area}>
        {page}
      </RequireManager>
    );
  if (access.kind === 'user') return <RequireUser>{page}</RequireUser>;
  if (access.kind === 'admin') return <RequireAdmin>{page}</RequireAdmin>;
  return page;
}

/** Code-split routes: a page's code loads when it is first visited. */
function toRouteObjects({ paths, load, access }: AppRoute): RouteObject[] {
  if (!load) return [];
  return paths.map((path) => ({
    path,
    lazy: async () => {
      const Page = await load();
      return { Component: () => guarded(access, <Page />) };
    },
  }));
}

const loadRoute = (path: string) => ROUTES.find((route) => route.paths.includes(path))!.load!;

// '/' is the dashboard for Landlords and Admins, the worker's queue for Maintenance, the
// tenant's home for a Tenant, and the property browser for everyone else (visitors). Each
// loads only when shown: a visitor never downloads the dashboard's charts or the tenant's home.
const LazyDashboard = lazy(() =>
  loadRoute('landlord-dashboard')().then((Page) => ({ default: Page })),
);
const LazyTenantHome = lazy(() =>
  import('../features/portal/components/tenant-home-page').then((m) => ({
    default: m.TenantHomePage,
  })),
);
const LazyWorkerQueue = lazy(() =>
  import('../features/worker-queue/components/worker-queue-page').then((m) => ({
    default: m.WorkerQueuePage,
  })),
);
const LazyBrowser = lazy(() => loadRoute('properties')().then((Page) => ({ default: Page })));

function HomeRoute() {
  const { user, isManager } = useSession();
  if (isManager) return <LazyDashboard />;
  if (user?.roles.includes('Maintenance')) return <LazyWorkerQueue />;
  if (user?.roles.includes('Tenant')) return <LazyTenantHome />;
  return <LazyBrowser />;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      ...ROUTES.flatMap(toRouteObjects),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
