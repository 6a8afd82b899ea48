import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/page-states';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

// Not needed for the first paint: kept out of the first visit's JavaScript.
const ColorSchemeToggle = lazy(() =>
  import('./color-scheme-toggle').then((m) => ({ default: m.ColorSchemeToggle })),
);

/** Header, collapsible sidebar and the page. On a phone the sidebar starts closed. */
export function AppLayout() {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const navOpen = isPhone ? mobileOpen : desktopOpen;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpen, desktop: !desktopOpen },
      }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader navOpen={navOpen} onToggleNav={isPhone ? mobile.toggle : desktop.toggle} />
      </AppShell.Header>
      {/* A collapsed sidebar slides away; hide it from the keyboard and screen readers too. */}
      <AppShell.Navbar inert={!navOpen} style={{ visibility: navOpen ? 'visible' : 'hidden' }}>
        <AppShell.Section grow style={{ minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <AppSidebar onNavigate={mobile.close} />
        </AppShell.Section>
        <AppShell.Section p="sm">
          <Suspense fallback={null}>
            <ColorSchemeToggle />
          </Suspense>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
