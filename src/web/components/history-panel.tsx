import { Card, List, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { AuditedEntity, AuditValue, HistoryEvent } from '../../shared/schemas/audit';
import { cents, formatCents } from '../../shared/money';
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

const ACTIONS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  approve: 'approved',
  reject: 'rejected',
};

/** 'unitNumber' -> 'unit number': the field as a person would say it. */
const fieldLabel = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Money is kept in the trail as it is stored: integer cents. */
const MONEY_FIELDS = new Set(['rent', 'deposit', 'amount']);

function show(field: string, value: AuditValue | undefined): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatCents(cents(value));
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function changes(event: HistoryEvent): string[] {
  if (event.action !== 'update' && event.action !== 'reject' && event.action !== 'approve') {
    return [];
  }
  const fields = Object.keys(event.after ?? event.before ?? {});
  return fields.map(
    (field) =>
      `${fieldLabel(field)}: ${show(field, event.before?.[field])} \u2192 ${show(field, event.after?.[field])}`,
  );
}

/** Who changed this record, when and what: one line per change, newest first. */
export function HistoryPanel({ resource, id }: { resource: AuditedEntity; id: number }) {
  const headingId = useId();
  const history = useQuery(historyQueryOptions(resource, id));
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
                  {event.actor.name} {ACTIONS[event.action] ?? event.action} this record
                </Text>
                {changes(event).map((line) => (
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
