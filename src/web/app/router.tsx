import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useSession } from '../features/auth/session';
import { RequireManager, RequireUser } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

type Guard = (page: ReactNode) => ReactNode;
const manager = (subject: string): Guard => (page) => <RequireManager subject={subject}>{page}</RequireManager>;
const loggedIn: Guard = (page) => <RequireUser>{page}</RequireUser>;

/** A code-split route: the page's code loads when it is first visited. */
function lazyPage(path: string, load: () => Promise<ComponentType>, guard?: Guard): RouteObject {
  return {
    path,
    lazy: async () => {
      const Page = await load();
      return { Component: () => (guard ? guard(<Page />) : <Page />) };
    },
  };
}

const dashboard = () => import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage);
const propertyBrowser = () =>
  import('../features/property-browser/components/property-browser-page').then((m) => m.PropertyBrowserPage);

// '/' is the dashboard for Landlords and Admins and the property browser for everyone else.
// Each loads only when shown: a visitor never downloads the dashboard's charts.
const LazyDashboard = lazy(() => dashboard().then((Page) => ({ default: Page })));
const LazyBrowser = lazy(() => propertyBrowser().then((Page) => ({ default: Page })));

function HomeRoute() {
  const { isManager } = useSession();
  return isManager ? <LazyDashboard /> : <LazyBrowser />;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      lazyPage('landlord-dashboard', dashboard, manager('properties')),
      lazyPage('properties', propertyBrowser),
      lazyPage(
        'property/create',
        () => import('../features/properties/components/properties-page').then((m) => m.PropertiesPage),
        manager('properties'),
      ),
      ...['unit/create', 'unit/:id'].map((path) =>
        lazyPage(path, () => import('../features/units/components/unit-form-page').then((m) => m.UnitFormPage), manager('units')),
      ),
      lazyPage('units', () => import('../features/units/components/units-page').then((m) => m.UnitsPage), manager('units')),
      ...['staff/create', 'staff/:id'].map((path) =>
        lazyPage(path, () => import('../features/staff/components/staff-form-page').then((m) => m.StaffFormPage), manager('staff')),
      ),
      lazyPage('staff', () => import('../features/staff/components/staff-page').then((m) => m.StaffPage), manager('staff')),
      ...['tenant/create', 'tenant/:id'].map((path) =>
        lazyPage(path, () => import('../features/tenants/components/tenant-form-page').then((m) => m.TenantFormPage), manager('tenants')),
      ),
      lazyPage('tenants', () => import('../features/tenants/components/tenants-page').then((m) => m.TenantsPage), manager('tenants')),
      ...['lease/create', 'lease/:id'].map((path) =>
        lazyPage(path, () => import('../features/leases/components/lease-form-page').then((m) => m.LeaseFormPage), manager('leases')),
      ),
      lazyPage('leases', () => import('../features/leases/components/leases-page').then((m) => m.LeasesPage), manager('leases')),
      lazyPage(
        'applications',
        () => import('../features/applications/components/applications-page').then((m) => m.ApplicationsPage),
        manager('applications'),
      ),
      lazyPage(
        'editcontact',
        () => import('../features/contact/components/edit-contact-page').then((m) => m.EditContactPage),
        loggedIn,
      ),
      lazyPage('login', () => import('../features/auth/components/login-page').then((m) => m.LoginPage)),
      lazyPage('signup', () => import('../features/auth/components/signup-page').then((m) => m.SignupPage)),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
