import { Box, NavLink } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session';
import { canSee, ROUTES, type NavEntry } from '../route-table';

function EntryLink({
  entry,
  pathname,
  onNavigate,
  small,
}: {
  entry: NavEntry;
  pathname: string;
  onNavigate(): void;
  small?: boolean;
}) {
  const Icon = entry.icon;
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={<Icon size={small ? 16 : 18} aria-hidden />}
      active={entry.section(pathname)}
      onClick={onNavigate}
    />
  );
}

/** The sidebar, built from the route table: what a user may open is what they see. */
export function AppSidebar({ onNavigate }: { onNavigate(): void }) {
  const { user, isManager, isAdmin } = useSession();
  const { pathname } = useLocation();
  const visible = ROUTES.filter((route) =>
    canSee(route, { loggedIn: !!user, isManager, isAdmin }),
  ).flatMap((route) => (route.nav ? [route.nav] : []));
  const manage = visible.filter((entry) => entry.group === 'manage');
  const [manageOpen, setManageOpen] = useState(() =>
    manage.some((entry) => entry.section(pathname)),
  );
  const main = visible.filter((entry) => entry.group === 'main');
  // The Manage group sits after Home, as the spec orders the sidebar.
  const [home, ...rest] = main;

  return (
    // The browser's own scrolling: Mantine's ScrollArea would bring a positioning library into
    // every first visit for a list that rarely overflows.
    <Box
      component="nav"
      aria-label="Main"
      p="xs"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
    >
      {home ? <EntryLink entry={home} pathname={pathname} onNavigate={onNavigate} /> : null}
      {manage.length > 0 ? (
        // A button, not a link without a target: Tab reaches it and Enter or Space opens it.
        <NavLink
          component="button"
          type="button"
          label="Manage"
          leftSection={<IconSettings size={18} aria-hidden />}
          opened={manageOpen}
          onChange={setManageOpen}
          aria-expanded={manageOpen}
          childrenOffset={28}
        >
          {manage.map((entry) => (
            <EntryLink
              key={entry.to}
              entry={entry}
              pathname={pathname}
              onNavigate={onNavigate}
              small
            />
          ))}
        </NavLink>
      ) : null}
      {rest.map((entry) => (
        <EntryLink key={entry.to} entry={entry} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </Box>
  );
}
