import { Anchor, Burger, Button, Group, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/session';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

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
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Burger
          opened={navOpen}
          onClick={onToggleNav}
          size="sm"
          aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor component={Link} to="/" underline="never" c="inherit">
          {/* Smaller on a phone, so the user's name keeps room beside search, bell and Logout. */}
          <Title order={2} fz={{ base: 'lg', sm: 'h3' }}>
            Porchlight
          </Title>
        </Anchor>
      </Group>
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
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to="/login" variant="subtle" size="xs">
            Login
          </Button>
          <Button component={Link} to="/signup" size="xs">
            Sign Up
          </Button>
        </Group>
      )}
    </Group>
  );
}
