import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';

/** The header's bell: the unread count, and the way to the notifications page. */
export function NotificationBell() {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const label = unread ? `Notifications: ${unread} unread` : 'Notifications';
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      color="red.9"
      disabled={unread === 0}
      aria-hidden={false}
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="default"
        size="md"
        aria-label={label}
        data-testid="notification-bell"
      >
        <IconBell size={18} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
