import { Badge } from '@mantine/core';
import type { MailState } from '../../../../shared/schemas/admin-mail';

const LOOK: Record<MailState, { label: string; color: string }> = {
  not_sent: { label: 'Not sent: no SMTP', color: 'gray.9' },
  queued: { label: 'Queued', color: 'blue.9' },
  retrying: { label: 'Retrying', color: 'orange.9' },
  failed: { label: 'Failed', color: 'red.9' },
  sent: { label: 'Sent', color: 'green.9' },
};

export function MailStateBadge({ state }: { state: MailState }) {
  const { label, color } = LOOK[state];
  return (
    <Badge variant="outline" color={color} radius="sm">
      {label}
    </Badge>
  );
}
