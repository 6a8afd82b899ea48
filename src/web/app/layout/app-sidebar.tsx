import { useLocation } from 'react-router';
import { useSession } from '../../features/auth/session';
import { canSee, ROUTES } from '../route-table';
import { RouterLink } from './router-link';
import { SidebarNav } from './sidebar-nav';

/** The SPA's sidebar, built from the route table: what a user may open is what they see. */
export function AppSidebar({ onNavigate }: { onNavigate(): void }) {
  const { user, isManager, isAdmin, can } = useSession();
  const { pathname } = useLocation();
  const entries = ROUTES.filter((route) =>
    canSee(route, { loggedIn: !!user, isManager, isAdmin, can }),
  )
    .flatMap((route) => (route.nav ? [route.nav] : []))
    .map((entry) =>
      entry.readOnly && !can(entry.readOnly.area, 'write')
        ? { ...entry, to: entry.readOnly.to }
        : entry,
    );
  return (
    <SidebarNav entries={entries} pathname={pathname} onNavigate={onNavigate} link={RouterLink} />
  );
}
