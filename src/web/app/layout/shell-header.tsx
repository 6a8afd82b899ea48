import { Anchor, Burger, Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LinkComponent } from '../../components/plain-link';

/** The header's sidebar toggle and title; `children` sits on the right. */
export function ShellHeader({
  navOpen,
  onToggleNav,
  link,
  children,
}: {
  navOpen: boolean;
  onToggleNav(): void;
  link: LinkComponent;
  children: ReactNode;
}) {
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Burger
          opened={navOpen}
          onClick={onToggleNav}
          size="sm"
          aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor component={link} to="/" underline="never" c="inherit">
          {/* Smaller on a phone, so the user's name keeps room beside search, bell and Logout. */}
          <Title order={2} fz={{ base: 'lg', sm: 'h3' }}>
            Porchlight
          </Title>
        </Anchor>
      </Group>
      {children}
    </Group>
  );
}

/** A visitor's way in (docs/product.md section 2). */
export function LoggedOutActions({ link }: { link: LinkComponent }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={link} to="/login" variant="subtle" size="xs">
        Login
      </Button>
      <Button component={link} to="/signup" size="xs">
        Sign Up
      </Button>
    </Group>
  );
}
