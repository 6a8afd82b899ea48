import { Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_MAIL_PAGE_SIZE, type AdminMail } from '../../../../shared/schemas/admin-mail';
import { PageHeader } from '../../../components/page-header';
import { PagedCardList } from '../../../components/paged-card-list';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAdminMail } from '../api/get-admin-mail';
import { MailStateBadge } from './mail-state-badge';

function MailItem({ mail }: { mail: AdminMail }) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
            {mail.subject}
          </Text>
          <MailStateBadge state={mail.state} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          To {mail.to}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(mail.createdAt)}
          {mail.sentAt ? ` · sent ${formatDateTime(mail.sentAt)}` : ''}
          {mail.attempts > 1 ? ` · ${mail.attempts} tries` : ''}
        </Text>
        {mail.lastError && mail.state !== 'sent' ? (
          <Text size="xs" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
            Last error: {mail.lastError}
          </Text>
        ) : null}
        {mail.preview === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            The body holds a one-time link and is not shown.
          </Text>
        ) : (
          <Text
            size="sm"
            c="dimmed"
            lineClamp={4}
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {mail.preview}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/mail: what the app sent, or without SMTP would have sent, newest first. */
export function AdminMailPage() {
  const [page, setPage] = useState(1);
  const mail = useAdminMail(page);
  const total = mail.data?.total ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Mail"
        description="Every email Porchlight sent or, without SMTP configured, would have sent."
      />
      <PagedCardList
        isPending={mail.isPending}
        error={mail.isError ? errorMessage(mail.error, 'Failed to fetch mail') : null}
        count={mail.data?.rows.length ?? 0}
        loadingLabel="Loading mail..."
        empty={{
          title: 'No mail yet',
          description: 'Notifications, invitations and password resets will show here.',
        }}
        listProps={{ m: 0, 'aria-label': 'Mail', 'aria-busy': mail.isFetching }}
        total={total}
        pageSize={ADMIN_MAIL_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      >
        {mail.data?.rows.map((item) => (
          <MailItem key={item.id} mail={item} />
        ))}
      </PagedCardList>
    </Stack>
  );
}
