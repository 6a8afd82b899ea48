import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/page-states';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { ShellFrame } from './shell-frame';

/** The SPA's shell: header, collapsible sidebar and the current route's page. */
export function AppLayout() {
  return (
    <ShellFrame
      header={(nav) => <AppHeader navOpen={nav.open} onToggleNav={nav.toggle} />}
      sidebar={(onNavigate) => <AppSidebar onNavigate={onNavigate} />}
    >
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </ShellFrame>
  );
}
