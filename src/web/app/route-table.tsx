import {
  IconAddressBook,
  IconBuildingCommunity,
  IconChartBar,
  IconDoor,
  IconFileDescription,
  IconFileImport,
  IconInbox,
  IconMail,
  IconReceipt,
  IconReportMoney,
  IconBuildingBank,
  IconTool,
  IconUsers,
  IconUsersGroup,
  IconUserShield,
  IconUsersPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Area, AreaAction } from '../../shared/permissions';
import { HOME_NAV, LOGIN_NAV, VIEW_PROPERTIES_NAV, type NavEntry } from './public-nav';

/** Who may open a route: the guards, the sidebar and the router all read this. */
export type Access =
  | { kind: 'everyone' }
  /** Logged in, any role. */
  | { kind: 'user' }
  /**
   * Admin or a member of an organisation; `subject` completes 'Please log in to manage ...'.
   * `area`: only the roles that may read it (src/shared/permissions.ts) see the page.
   */
  | { kind: 'manager'; subject: string; area?: Area }
  | { kind: 'admin' };

export type { NavEntry } from './public-nav';

export interface AppRoute {
  paths: string[];
  /** The page's code, loaded when the route is first visited; absent for the home route. */
  load?: () => Promise<ComponentType>;
  access: Access;
  nav?: NavEntry;
}

const everyone: Access = { kind: 'everyone' };
const manager = (subject: string, area?: Area): Access =>
  area ? { kind: 'manager', subject, area } : { kind: 'manager', subject };
const startsWith =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** Every screen of the app, in sidebar order. */
export const ROUTES: AppRoute[] = [
  {
    // '/' picks the dashboard, the tenant's home or the property browser by role (router.tsx).
    paths: [''],
    access: everyone,
    nav: HOME_NAV,
  },
  {
    paths: ['landlord-dashboard'],
    load: () =>
      import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
    access: manager('properties'),
  },
  {
    paths: ['property/create'],
    load: () =>
      import('../features/properties/components/properties-page').then((m) => m.PropertiesPage),
    access: manager('properties'),
    nav: {
      label: 'Properties',
      to: '/property/create',
      icon: IconBuildingCommunity,
      group: 'manage',
      section: startsWith('/property'),
    },
  },
  {
    paths: ['unit/create', 'unit/:id'],
    load: () => import('../features/units/components/unit-form-page').then((m) => m.UnitFormPage),
    access: manager('units'),
    nav: {
      label: 'Units',
      readOnly: { area: 'units', to: '/units' },
      to: '/unit/create',
      icon: IconDoor,
      group: 'manage',
      section: startsWith('/unit', '/units'),
    },
  },
  {
    paths: ['units'],
    load: () => import('../features/units/components/units-page').then((m) => m.UnitsPage),
    access: manager('units'),
  },
  {
    // A unit's page: public details for anyone, its history for its manager (the server decides).
    paths: ['units/:id'],
    load: () => import('../features/property-pages/components/unit-page').then((m) => m.UnitPage),
    access: everyone,
  },
  {
    paths: ['staff/create', 'staff/:id'],
    load: () => import('../features/staff/components/staff-form-page').then((m) => m.StaffFormPage),
    access: manager('staff'),
    nav: {
      label: 'Staff',
      readOnly: { area: 'maintenance', to: '/staff' },
      to: '/staff/create',
      icon: IconUsersGroup,
      group: 'manage',
      section: startsWith('/staff'),
    },
  },
  {
    paths: ['staff'],
    load: () => import('../features/staff/components/staff-page').then((m) => m.StaffPage),
    access: manager('staff'),
  },
  {
    paths: ['tenant/create', 'tenant/:id'],
    load: () =>
      import('../features/tenants/components/tenant-form-page').then((m) => m.TenantFormPage),
    access: manager('tenants'),
    nav: {
      label: 'Tenants',
      readOnly: { area: 'leasing', to: '/tenants' },
      to: '/tenant/create',
      icon: IconUsers,
      group: 'manage',
      section: startsWith('/tenant', '/tenants'),
    },
  },
  {
    paths: ['place-tenant'],
    load: () =>
      import('../features/placements/components/place-tenant-page').then((m) => m.PlaceTenantPage),
    access: manager('tenants'),
  },
  {
    paths: ['tenants'],
    load: () => import('../features/tenants/components/tenants-page').then((m) => m.TenantsPage),
    access: manager('tenants'),
  },
  {
    paths: ['tenants/:id'],
    load: () =>
      import('../features/property-pages/components/tenant-page').then((m) => m.TenantPage),
    access: manager('tenants'),
  },
  {
    paths: ['lease/create', 'lease/:id'],
    load: () =>
      import('../features/leases/components/lease-form-page').then((m) => m.LeaseFormPage),
    access: manager('leases'),
    nav: {
      label: 'Leases',
      readOnly: { area: 'leasing', to: '/leases' },
      to: '/lease/create',
      icon: IconFileDescription,
      group: 'manage',
      section: startsWith('/lease', '/leases'),
    },
  },
  {
    paths: ['leases'],
    load: () => import('../features/leases/components/leases-page').then((m) => m.LeasesPage),
    access: manager('leases'),
  },
  {
    paths: ['leases/:id/ledger'],
    load: () => import('../features/money/components/ledger-page').then((m) => m.LedgerPage),
    access: manager('ledgers', 'money'),
  },
  {
    paths: ['leases/:id/statement'],
    load: () => import('../features/money/components/statement-page').then((m) => m.StatementPage),
    access: manager('statements', 'money'),
  },
  {
    paths: ['leases/:id/deposit-statement'],
    load: () =>
      import('../features/money/components/deposit-statement-page').then(
        (m) => m.DepositStatementPage,
      ),
    access: manager('statements', 'money'),
  },
  {
    paths: ['expenses'],
    load: () => import('../features/books/components/expenses-page').then((m) => m.ExpensesPage),
    access: manager('expenses', 'money'),
    nav: {
      label: 'Expenses',
      to: '/expenses',
      icon: IconReceipt,
      group: 'manage',
      section: startsWith('/expenses', '/vendors'),
    },
  },
  {
    paths: ['expenses/new', 'expenses/:id/edit'],
    load: () =>
      import('../features/books/components/expense-form-page').then((m) => m.ExpenseFormPage),
    access: manager('expenses', 'money'),
  },
  {
    paths: ['expenses/:id'],
    load: () => import('../features/books/components/expense-page').then((m) => m.ExpensePage),
    access: manager('expenses', 'money'),
  },
  {
    paths: ['vendors'],
    load: () => import('../features/books/components/vendors-page').then((m) => m.VendorsPage),
    access: manager('vendors'),
  },
  {
    paths: ['vendors/new', 'vendors/:id'],
    load: () =>
      import('../features/books/components/vendor-form-page').then((m) => m.VendorFormPage),
    access: manager('vendors'),
  },
  {
    paths: ['rent-roll'],
    load: () => import('../features/money/components/rent-roll-page').then((m) => m.RentRollPage),
    access: manager('rent', 'money'),
    nav: {
      label: 'Rent roll',
      to: '/rent-roll',
      icon: IconReportMoney,
      group: 'manage',
      section: startsWith('/rent-roll', '/arrears', '/deposits'),
    },
  },
  {
    paths: ['rent-roll/receive'],
    load: () =>
      import('../features/money/components/receive-payments-page').then(
        (m) => m.ReceivePaymentsPage,
      ),
    access: manager('rent', 'payments'),
  },
  {
    paths: ['reports'],
    load: () => import('../features/reports/components/reports-page').then((m) => m.ReportsPage),
    access: manager('reports', 'reports'),
    nav: {
      label: 'Reports',
      to: '/reports',
      icon: IconChartBar,
      group: 'manage',
      section: startsWith('/reports'),
    },
  },
  {
    paths: ['import'],
    load: () => import('../features/imports/components/import-page').then((m) => m.ImportPage),
    access: manager('imports', 'imports'),
    nav: {
      label: 'Import',
      to: '/import',
      icon: IconFileImport,
      group: 'manage',
      section: startsWith('/import'),
    },
  },
  {
    paths: ['bank'],
    load: () => import('../features/bank/components/bank-page').then((m) => m.BankPage),
    access: manager('the bank', 'money'),
    nav: {
      label: 'Bank',
      to: '/bank',
      icon: IconBuildingBank,
      group: 'manage',
      section: startsWith('/bank'),
    },
  },
  {
    paths: ['arrears'],
    load: () => import('../features/money/components/arrears-page').then((m) => m.ArrearsPage),
    access: manager('rent', 'money'),
  },
  {
    paths: ['deposits'],
    load: () => import('../features/money/components/deposits-page').then((m) => m.DepositsPage),
    access: manager('deposits', 'money'),
  },
  {
    paths: ['work-orders'],
    load: () =>
      import('../features/work-orders/components/work-orders-page').then((m) => m.WorkOrdersPage),
    access: manager('work orders'),
    nav: {
      label: 'Work orders',
      to: '/work-orders',
      icon: IconTool,
      group: 'manage',
      section: startsWith('/work-orders'),
    },
  },
  {
    paths: ['work-orders/create'],
    load: () =>
      import('../features/work-orders/components/file-request-page').then((m) => m.FileRequestPage),
    access: manager('work orders'),
  },
  {
    paths: ['work-orders/:id'],
    load: () =>
      import('../features/work-orders/components/work-order-page').then((m) => m.WorkOrderPage),
    access: manager('work orders'),
  },
  {
    // A tenant's maintenance request (their home is '/', router.tsx).
    paths: ['requests/:id'],
    load: () => import('../features/portal/components/request-page').then((m) => m.RequestPage),
    access: { kind: 'user' },
  },
  {
    // A maintenance worker's work order (their queue is '/', router.tsx).
    paths: ['my-work-orders/:id'],
    load: () =>
      import('../features/worker-queue/components/worker-work-order-page').then(
        (m) => m.WorkerWorkOrderPage,
      ),
    access: { kind: 'user' },
  },
  {
    paths: ['applications'],
    load: () =>
      import('../features/applications/components/applications-page').then(
        (m) => m.ApplicationsPage,
      ),
    access: manager('applications'),
    nav: {
      label: 'Applications',
      to: '/applications',
      icon: IconInbox,
      group: 'manage',
      section: startsWith('/applications'),
    },
  },
  {
    paths: ['settings/team'],
    load: () => import('../features/team/components/team-page').then((m) => m.TeamPage),
    access: manager('the team'),
    nav: {
      label: 'Team',
      to: '/settings/team',
      icon: IconUsersPlus,
      group: 'manage',
      section: startsWith('/settings/team'),
    },
  },
  {
    paths: ['admin/users'],
    load: () => import('../features/accounts/components/accounts-page').then((m) => m.AccountsPage),
    access: { kind: 'admin' },
    nav: {
      label: 'Users',
      to: '/admin/users',
      icon: IconUserShield,
      group: 'main',
      section: (p) => p === '/admin/users',
    },
  },
  {
    paths: ['admin/mail'],
    load: () =>
      import('../features/admin-mail/components/admin-mail-page').then((m) => m.AdminMailPage),
    access: { kind: 'admin' },
    nav: {
      label: 'Mail',
      to: '/admin/mail',
      icon: IconMail,
      group: 'main',
      section: (p) => p === '/admin/mail',
    },
  },
  {
    paths: ['properties'],
    load: () =>
      import('../features/property-browser/components/property-browser-page').then(
        (m) => m.PropertyBrowserPage,
      ),
    access: everyone,
    nav: VIEW_PROPERTIES_NAV,
  },
  {
    // A property's page: public for anyone, with the manager's sections for its landlord.
    paths: ['properties/:id'],
    load: () =>
      import('../features/property-pages/components/property-page').then((m) => m.PropertyPage),
    access: everyone,
  },
  {
    paths: ['editcontact'],
    load: () =>
      import('../features/contact/components/edit-contact-page').then((m) => m.EditContactPage),
    access: { kind: 'user' },
    nav: {
      label: 'Contact Info',
      to: '/editcontact',
      icon: IconAddressBook,
      group: 'main',
      section: (p) => p === '/editcontact',
    },
  },
  {
    paths: ['login'],
    load: () => import('../features/auth/components/login-page').then((m) => m.LoginPage),
    access: everyone,
    nav: LOGIN_NAV,
  },
  {
    paths: ['notifications'],
    load: () =>
      import('../features/notifications/components/notifications-page').then(
        (m) => m.NotificationsPage,
      ),
    access: { kind: 'user' },
  },
  {
    paths: ['forgot-password'],
    load: () =>
      import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
    access: everyone,
  },
  {
    paths: ['reset-password/:code'],
    load: () =>
      import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
    access: everyone,
  },
  {
    // The one-time link a landlord hands a tenant or staff member (docs/product.md section 13).
    paths: ['invitations/:code'],
    load: () =>
      import('../features/invitations/components/invitation-page').then((m) => m.InvitationPage),
    access: everyone,
  },
  {
    // The link an Owner hands a new member of the team (docs/product.md section 32).
    paths: ['join/:code'],
    load: () => import('../features/team/components/join-page').then((m) => m.JoinPage),
    access: everyone,
  },
  {
    paths: ['signup'],
    load: () => import('../features/auth/components/signup-page').then((m) => m.SignupPage),
    access: everyone,
  },
];

/** Whether a user with these rights sees a route's sidebar entry. */
export function canSee(
  route: AppRoute,
  session: {
    loggedIn: boolean;
    isManager: boolean;
    isAdmin: boolean;
    can?: (area: Area, action: AreaAction) => boolean;
  },
): boolean {
  if (route.nav?.loggedOutOnly && session.loggedIn) return false;
  if (route.access.kind === 'user') return session.loggedIn;
  if (route.access.kind === 'manager') {
    const { area } = route.access;
    return session.isManager && (!area || (session.can?.(area, 'read') ?? true));
  }
  if (route.access.kind === 'admin') return session.isAdmin;
  return true;
}
