import { Button, Flex, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PagedCardList } from '../../../components/paged-card-list';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { NOTIFICATIONS_PAGE_SIZE, useMarkRead, useNotificationsPage } from '../api/notifications';

/** /notifications: the user's own, newest first. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const notifications = useNotificationsPage(page);
  const markRead = useMarkRead();
  const total = notifications.data?.total ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Notifications"
        actions={
          <Button
            variant="default"
            size="xs"
            onClick={() => markRead.mutate(null)}
            disabled={!notifications.data?.notifications.some((n) => !n.read)}
          >
            Mark all as read
          </Button>
        }
      />
      <PagedCardList
        isPending={notifications.isPending}
        error={
          notifications.isError
            ? errorMessage(notifications.error, 'Failed to fetch notifications')
            : null
        }
        count={notifications.data?.notifications.length ?? 0}
        loadingLabel="Loading notifications..."
        empty={{
          title: 'No notifications yet',
          description: 'You will find news about your account and home here.',
        }}
        total={total}
        pageSize={NOTIFICATIONS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      >
        {notifications.data?.notifications.map((n) => (
          <Paper key={n.id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="li">
            {/* On a phone the words take the card's whole width and the buttons go below them;
                beside them, the words had a third of it. */}
            <Flex
              direction={{ base: 'column', sm: 'row' }}
              justify="space-between"
              align={{ base: 'stretch', sm: 'flex-start' }}
              gap="xs"
            >
              <Stack
                gap={2}
                style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}
                data-testid="notification-text"
              >
                <Text fw={n.read ? 400 : 700}>
                  {n.read ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                  {n.title}
                </Text>
                <Text size="sm">{n.body}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="wrap" style={{ flexShrink: 0 }}>
                {n.link ? (
                  <Button component={Link} to={n.link} size="xs" variant="default">
                    Open
                  </Button>
                ) : null}
                {n.read ? null : (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => markRead.mutate(n.id)}
                    aria-label={`Mark “${n.title}” as read`}
                  >
                    Mark as read
                  </Button>
                )}
              </Group>
            </Flex>
          </Paper>
        ))}
      </PagedCardList>
    </Stack>
  );
}
