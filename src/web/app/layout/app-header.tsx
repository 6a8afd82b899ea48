import { Button, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../features/auth/session';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { OrganisationSwitcher } from '../../features/team';
import { RouterLink } from './router-link';
import { LoggedOutActions, ShellHeader } from './shell-header';

// Only managers search, so a visitor's first visit never downloads the search button's code.
const SearchLauncher = lazy(() =>
  import('../../features/search').then((m) => ({ default: m.SearchLauncher })),
);

export function AppHeader({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav(): void }) {
  const { user, logout, isManager } = useSession();
  const navigate = useNavigate();

  async function handleLogout() {
    await logout();
    void navigate('/');
  }

  return (
    <ShellHeader navOpen={navOpen} onToggleNav={onToggleNav} link={RouterLink}>
      {user ? (
        // On a phone the name shrinks (and truncates) so that Logout always fits.
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flexShrink: 1 }} justify="flex-end">
          <Text
            size="sm"
            truncate="end"
            maw={{ base: 150, sm: 360 }}
            style={{ minWidth: 0 }}
            data-testid="header-user"
          >
            {user.userName} ({user.roles.length ? user.roles.join(', ') : 'No roles'})
          </Text>
          <OrganisationSwitcher />
          {isManager ? (
            <Suspense fallback={null}>
              <SearchLauncher />
            </Suspense>
          ) : null}
          <NotificationBell />
          <Button
            variant="default"
            size="xs"
            onClick={() => void handleLogout()}
            style={{ flexShrink: 0 }}
          >
            Logout
          </Button>
        </Group>
      ) : (
        <LoggedOutActions link={RouterLink} />
      )}
    </ShellHeader>
  );
}
