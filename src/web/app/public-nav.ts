import { IconHome, IconKey, IconSearch, type Icon } from '@tabler/icons-react';
import type { Area } from '../../shared/permissions';

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
  /** A create route's entry leads a member whose role may not write `area` to the list instead. */
  readOnly?: { area: Area; to: string };
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
