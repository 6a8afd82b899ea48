import { Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_MAIL_PAGE_SIZE, type AdminMail } from '../../../../shared/schemas/admin-mail';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { useAdminMail } from '../api/get-admin-mail';
import { MailStateBadge } from './mail-state-badge';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
          {when.format(new Date(mail.createdAt))}
          {mail.sentAt ? ` · sent ${when.format(new Date(mail.sentAt))}` : ''}
          {mail.attempts > 1 ? ` · ${mail.attempts} tries` : ''}
        </Text>
        {mail.lastError && mail.state !== 'sent' ? (
          <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
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
      {mail.isPending ? (
        <LoadingState label="Loading mail..." />
      ) : mail.isError ? (
        <ErrorBanner>{errorMessage(mail.error, 'Failed to fetch mail')}</ErrorBanner>
      ) : mail.data.rows.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title="No mail yet">
            Notifications, invitations and password resets will show here.
          </EmptyState>
        </Paper>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Mail"
          aria-busy={mail.isFetching}
        >
          {mail.data.rows.map((item) => (
            <MailItem key={item.id} mail={item} />
          ))}
        </Stack>
      )}
      {total > ADMIN_MAIL_PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(total / ADMIN_MAIL_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
          })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      ) : null}
    </Stack>
  );
}
