import { NavLink, ScrollArea } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingCommunity,
  IconFileDescription,
  IconHome,
  IconInbox,
  IconKey,
  IconSearch,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  IconDoor,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session';

const MANAGE_LINKS = [
  { label: 'Properties', to: '/property/create', icon: IconBuildingCommunity, section: ['/property'] },
  { label: 'Units', to: '/unit/create', icon: IconDoor, section: ['/unit'] },
  { label: 'Staff', to: '/staff/create', icon: IconUsersGroup, section: ['/staff'] },
  { label: 'Tenants', to: '/tenant/create', icon: IconUsers, section: ['/tenant'] },
  { label: 'Leases', to: '/lease/create', icon: IconFileDescription, section: ['/lease'] },
  { label: 'Applications', to: '/applications', icon: IconInbox, section: ['/applications'] },
];

export function AppSidebar({ onNavigate }: { onNavigate(): void }) {
  const { user, isManager } = useSession();
  const { pathname } = useLocation();
  const inManage = MANAGE_LINKS.some((link) => link.section.some((s) => pathname.startsWith(s)));
  const [manageOpen, setManageOpen] = useState(inManage);

  return (
    <ScrollArea component="nav" aria-label="Main" p="xs">
      <NavLink
        component={Link}
        to="/"
        label="Home"
        leftSection={<IconHome size={18} aria-hidden />}
        active={pathname === '/' || pathname === '/landlord-dashboard'}
        onClick={onNavigate}
      />
      {isManager ? (
        <NavLink
          label="Manage"
          leftSection={<IconSettings size={18} aria-hidden />}
          opened={manageOpen}
          onChange={setManageOpen}
          childrenOffset={28}
        >
          {MANAGE_LINKS.map(({ label, to, icon: Icon, section }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={16} aria-hidden />}
              active={section.some((s) => pathname.startsWith(s))}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
      ) : null}
      <NavLink
        component={Link}
        to="/properties"
        label="View Properties"
        leftSection={<IconSearch size={18} aria-hidden />}
        active={pathname === '/properties'}
        onClick={onNavigate}
      />
      {user ? (
        <NavLink
          component={Link}
          to="/editcontact"
          label="Contact Info"
          leftSection={<IconAddressBook size={18} aria-hidden />}
          active={pathname === '/editcontact'}
          onClick={onNavigate}
        />
      ) : null}
      {!user ? (
        <NavLink
          component={Link}
          to="/login"
          label="Login"
          leftSection={<IconKey size={18} aria-hidden />}
          active={pathname === '/login'}
          onClick={onNavigate}
        />
      ) : null}
    </ScrollArea>
  );
}
