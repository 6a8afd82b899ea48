import { Anchor, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { WorkOrderBadges } from '../../work-orders';
import { usePortalRequest } from '../api/get-request';

/** /requests/:id: a tenant's request, where it stands, its photos and the landlord's notes. */
export function RequestPage() {
  const id = Number(useParams().id);
  const request = usePortalRequest(id);

  if (request.isPending) return <LoadingState label="Loading your request..." />;
  if (request.isError) {
    return request.error instanceof ApiError && request.error.status === 404 ? (
      <NotFoundState noun="Request" back={{ to: '/', label: 'Back to your home' }} />
    ) : (
      <ErrorBanner>{errorMessage(request.error, 'Failed to load your request')}</ErrorBanner>
    );
  }
  const r = request.data;
  return (
    <Stack gap="md">
      <PageHeader title={r.title} description={`Filed ${formatDate(r.createdAt)}`} />
      <Anchor component={Link} to="/">
        Back to your home
      </Anchor>
      <WorkOrderBadges priority={r.priority} status={r.status} />
      <Card withBorder>
        <Stack gap={4}>
          <Text>
            {r.category}
            {r.location ? ` · ${r.location}` : ''}
          </Text>
          {r.description ? <Text style={{ overflowWrap: 'anywhere' }}>{r.description}</Text> : null}
          <Text>Permission to enter: {r.entryPermission ? 'yes' : 'no'}</Text>
          {r.scheduledFor ? <Text>Scheduled for {formatDate(r.scheduledFor)}</Text> : null}
          {r.closeReason ? <Text>Reason: {r.closeReason}</Text> : null}
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Notes from your landlord
        </Title>
        {r.notes.length === 0 ? (
          <Text c="dimmed" size="sm">
            No notes yet.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {r.notes.map((note) => (
              <li key={note.id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {note.body}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(note.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Photos
        </Title>
        {r.photos.length === 0 ? (
          <Text c="dimmed" size="sm">
            No photos.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {r.photos.map((photo, index) => (
              <Image
                key={photo.id}
                src={`/api/portal/requests/${r.id}/photos/${photo.id}`}
                alt={`Photo ${index + 1} (${photo.kind})`}
                radius="sm"
              />
            ))}
          </SimpleGrid>
        )}
      </Card>
    </Stack>
  );
}
