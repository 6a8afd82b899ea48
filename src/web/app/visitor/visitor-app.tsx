import { MantineProvider } from '@mantine/core';
import { lazy } from 'react';
import { PlainLink } from '../../components/plain-link';
import { PropertyBrowser, type PropertyPage } from '../../features/property-browser';
import { ShellFrame } from '../layout/shell-frame';
import { LoggedOutActions, ShellHeader } from '../layout/shell-header';
import { SidebarNav } from '../layout/sidebar-nav';
import { VISITOR_NAV } from '../public-nav';
import { cssVariablesResolver, theme } from '../theme';

/** What the server hands the visitor's page, rendered into it and read again to hydrate. */
export interface VisitorState {
  /** The first page of the catalogue (no search); null: the page fetches it. */
  firstPage: PropertyPage | null;
  /** Whether the server took the device for a phone (its sidebar starts closed). */
  isPhone: boolean;
}

/** The element holding the state as JSON (a data block: it never runs, whatever the CSP). */
export const STATE_ELEMENT_ID = 'visitor-state';

// The form, its validation and a data layer of its own load on the first 'Rent This Unit'.
const ApplicationModal = lazy(() =>
  import('./visitor-application-modal').then((m) => ({ default: m.VisitorApplicationModal })),
);

/**
 * '/' for a visitor who is not logged in: the SPA's shell and property browser without the
 * router or the SPA's data layer, rendered by the server and hydrated here. Every link is an
 * ordinary link into the SPA (docs/decisions/0012-visitor-home-page.md).
 */
export function VisitorApp({ state }: { state: VisitorState }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <ShellFrame
        initialIsPhone={state.isPhone}
        header={(nav) => (
          <ShellHeader navOpen={nav.open} onToggleNav={nav.toggle} link={PlainLink}>
            <LoggedOutActions link={PlainLink} />
          </ShellHeader>
        )}
        sidebar={(onNavigate) => (
          <SidebarNav entries={VISITOR_NAV} pathname="/" onNavigate={onNavigate} link={PlainLink} />
        )}
      >
        <PropertyBrowser
          initialPage={state.firstPage ?? undefined}
          applicationModal={ApplicationModal}
        />
      </ShellFrame>
    </MantineProvider>
  );
}
