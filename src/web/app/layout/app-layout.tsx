import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/page-states';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

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
        <AppSidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
