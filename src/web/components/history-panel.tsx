import { Card, List, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import type { AuditedEntity, HistoryEvent } from '../../shared/schemas/audit';
import { describeTrail } from '../../shared/audit-sentences';
import { api, errorMessage } from '../lib/api-client';
import { formatDateTime } from '../lib/format';

/**
 * The key starts with the record's resource, so a save that invalidates the resource
 * ('units', ...) refreshes its history too.
 */
export const historyQueryOptions = (resource: AuditedEntity, id: number) =>
  queryOptions({
    queryKey: [resource, 'history', id],
    queryFn: ({ signal }) => api.get<HistoryEvent[]>(`/api/${resource}/${id}/history`, signal),
  });

/**
 * Who changed this record, when and what: one sentence per event, newest first, with the
 * changed fields beneath (shared/audit-sentences.ts puts every kind of event into words).
 */
export function HistoryPanel({ resource, id }: { resource: AuditedEntity; id: number }) {
  const headingId = useId();
  const history = useQuery(historyQueryOptions(resource, id));
  const described = useMemo(
    () => (history.data ? describeTrail(history.data, resource) : new Map()),
    [history.data, resource],
  );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          History
        </Title>
        {history.isPending ? <Text c="dimmed">Loading history...</Text> : null}
        {history.isError ? (
          <Text c="var(--mantine-color-error)">
            {errorMessage(history.error, 'Failed to load the history')}
          </Text>
        ) : null}
        {history.isSuccess && history.data.length === 0 ? (
          <Text c="dimmed">No changes recorded yet.</Text>
        ) : null}
        {history.isSuccess && history.data.length > 0 ? (
          <List spacing="xs" listStyleType="none" aria-label="Changes, newest first">
            {history.data.map((event) => (
              <List.Item key={event.id}>
                <Text size="sm">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {' \u00b7 '}
                  {described.get(event.id)?.sentence}
                </Text>
                {(described.get(event.id)?.details ?? []).map((line: string) => (
                  <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Text>
                ))}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Card>
  );
}
