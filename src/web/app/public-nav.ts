import { IconHome, IconKey, IconSearch, type Icon } from '@tabler/icons-react';

export interface NavEntry {
  label: string;
  /** Where the sidebar link goes (the spec points Manage's links at the create routes). */
  to: string;
  icon: Icon;
  /** 'manage' entries sit in the collapsible Manage group. */
  group: 'main' | 'manage';
  /** Paths that light the entry up as the current section. */
  section: (pathname: string) => boolean;
  /** Shown only to visitors who are not logged in. */
  loggedOutOnly?: boolean;
}

// The sidebar entries a visitor sees, apart from the route table so that the visitor's lean
// page (app/visitor) shows them without loading the table of every page's code.

export const HOME_NAV: NavEntry = {
  label: 'Home',
  to: '/',
  icon: IconHome,
  group: 'main',
  section: (p) => p === '/' || p === '/landlord-dashboard',
};

export const VIEW_PROPERTIES_NAV: NavEntry = {
  label: 'View Properties',
  to: '/properties',
  icon: IconSearch,
  group: 'main',
  section: (p) => p === '/properties',
};

export const LOGIN_NAV: NavEntry = {
  label: 'Login',
  to: '/login',
  icon: IconKey,
  group: 'main',
  section: (p) => p === '/login',
  loggedOutOnly: true,
};

/** A logged-out visitor's sidebar, in the route table's order (public-nav.test.ts checks it). */
export const VISITOR_NAV: NavEntry[] = [HOME_NAV, VIEW_PROPERTIES_NAV, LOGIN_NAV];
