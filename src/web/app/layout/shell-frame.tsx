import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import classes from './shell-frame.module.css';

// Not needed for the first paint: kept out of the first visit's JavaScript.
const ColorSchemeToggle = lazy(() =>
  import('./color-scheme-toggle').then((m) => ({ default: m.ColorSchemeToggle })),
);

const noSubscription = () => () => {};

/**
 * False while the server renders and while the client hydrates that HTML, true after: what
 * only the browser knows (the stored colour scheme) renders once hydration is over.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export interface ShellFrameProps {
  header(nav: { open: boolean; toggle(): void }): ReactNode;
  /** `onNavigate` closes the phone's sidebar after a link was followed. */
  sidebar(onNavigate: () => void): ReactNode;
  children: ReactNode;
  /**
   * For a server-rendered page: whether the server took the visitor's device for a phone.
   * The first render follows it, so that hydration matches; the media query decides after.
   */
  initialIsPhone?: boolean;
}

/**
 * Header, collapsible sidebar and the page, for the SPA and for the visitor's server-rendered
 * '/'. On a phone the sidebar starts closed.
 */
export function ShellFrame({ header, sidebar, children, initialIsPhone }: ShellFrameProps) {
  const isPhone = useMediaQuery('(max-width: 48em)', initialIsPhone, {
    getInitialValueInEffect: initialIsPhone !== undefined,
  });
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const navOpen = isPhone ? mobileOpen : desktopOpen;
  const hydrated = useHydrated();

  return (
    <div
      className={classes.root}
      data-mobile-open={mobileOpen || undefined}
      data-desktop-collapsed={!desktopOpen || undefined}
    >
      <header className={classes.header} data-print-hide>
        {header({ open: navOpen, toggle: isPhone ? mobile.toggle : desktop.toggle })}
      </header>
      {/* A collapsed sidebar slides away; hide it from the keyboard and screen readers too. */}
      <nav
        className={classes.navbar}
        inert={!navOpen}
        style={{ visibility: navOpen ? 'visible' : 'hidden' }}
        data-print-hide
      >
        <div className={classes.navSection}>{sidebar(mobile.close)}</div>
        <div className={classes.navFooter}>
          {hydrated ? (
            <Suspense fallback={null}>
              <ColorSchemeToggle />
            </Suspense>
          ) : null}
        </div>
      </nav>
      <main className={classes.main} data-shell-main>
        {children}
      </main>
    </div>
  );
}
