import { Box, NavLink } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import type { LinkComponent } from '../../components/plain-link';
import type { NavEntry } from '../public-nav';

function EntryLink({
  entry,
  pathname,
  onNavigate,
  link,
  small,
}: {
  entry: NavEntry;
  pathname: string;
  onNavigate(): void;
  link: LinkComponent;
  small?: boolean;
}) {
  const Icon = entry.icon;
  return (
    <NavLink
      component={link}
      to={entry.to}
      label={entry.label}
      leftSection={<Icon size={small ? 16 : 18} aria-hidden />}
      active={entry.section(pathname)}
      onClick={onNavigate}
    />
  );
}

/** The sidebar's links: the 'main' entries, with the 'manage' ones in a collapsible group. */
export function SidebarNav({
  entries,
  pathname,
  onNavigate,
  link,
}: {
  /** What the user may open, in the route table's order. */
  entries: NavEntry[];
  pathname: string;
  onNavigate(): void;
  link: LinkComponent;
}) {
  const manage = entries.filter((entry) => entry.group === 'manage');
  const [manageOpen, setManageOpen] = useState(() =>
    manage.some((entry) => entry.section(pathname)),
  );
  const main = entries.filter((entry) => entry.group === 'main');
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
      {home ? (
        <EntryLink entry={home} pathname={pathname} onNavigate={onNavigate} link={link} />
      ) : null}
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
              link={link}
              small
            />
          ))}
        </NavLink>
      ) : null}
      {rest.map((entry) => (
        <EntryLink
          key={entry.to}
          entry={entry}
          pathname={pathname}
          onNavigate={onNavigate}
          link={link}
        />
      ))}
    </Box>
  );
}
