import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { nextStatuses } from '../../../../shared/maintenance';
import { formatAmount } from '../../../../shared/money';
import { isMoneyOrEmpty, MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAddWorkerNote, useChangeWorkerStatus, useWorkerWorkOrder } from '../api/worker-queue';
import { WorkOrderBadges } from '../../work-orders';
import { WorkerPhotos } from './worker-photos';

const BACK = { to: '/', label: 'Back to your work orders' };

/** /my-work-orders/{id}: one work order assigned to the worker, its next statuses and a note. */
export function WorkerWorkOrderPage() {
  const id = Number(useParams().id);
  const order = useWorkerWorkOrder(id);
  const status = useChangeWorkerStatus(id);
  const note = useAddWorkerNote(id);
  const [noteText, setNoteText] = useState('');
  const [hours, setHours] = useState<number | string>('');
  const [cost, setCost] = useState<number | string>('');

  if (order.isPending) return <LoadingState label="Loading the work order..." />;
  if (order.isError) return <NotFoundState noun="Work order" back={BACK} />;
  const o = order.data;
  const failure = [status, note].find((m) => m.isError)?.error;
  const moves = nextStatuses(o.status, 'worker');

  function submitNote(event: FormEvent) {
    event.preventDefault();
    note.mutate(
      {
        note: noteText,
        hours: hours === '' ? null : Number(hours),
        cost: typeof cost === 'number' ? cost : null,
      },
      {
        onSuccess: () => {
          setNoteText('');
          setHours('');
          setCost('');
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={BACK.to} size="sm">
        {BACK.label}
      </Anchor>
      <PageHeader title={o.title} description={`${o.propertyName}, unit ${o.unitNumber}`} />
      <WorkOrderBadges priority={o.priority} status={o.status} overdue={o.overdue} />
      {failure ? (
        <ErrorBanner>{errorMessage(failure, 'The change was not saved.')}</ErrorBanner>
      ) : null}

      <Card withBorder component="section" aria-labelledby="worker-order-where">
        <Title order={2} size="h4" mb="xs" id="worker-order-where">
          Where and who
        </Title>
        <Stack gap={4}>
          <Text>
            {o.address}, unit {o.unitNumber}
          </Text>
          <Text>
            {o.category}
            {o.location ? ` · ${o.location}` : ''}
          </Text>
          {o.description ? <Text>{o.description}</Text> : null}
          <Text>Permission to enter: {o.entryPermission ? 'yes' : 'no'}</Text>
          {o.tenant ? (
            <Text>
              Tenant: {o.tenant.name}
              {o.tenant.phone ? (
                <>
                  , <Anchor href={`tel:${o.tenant.phone}`}>{o.tenant.phone}</Anchor>
                </>
              ) : null}
            </Text>
          ) : (
            <Text c="dimmed">No tenant on file</Text>
          )}
          {o.scheduledFor ? <Text>Scheduled: {formatDate(o.scheduledFor)}</Text> : null}
          <Text>
            Hours: {o.labourHours} · Cost: {formatAmount(o.cost)}
          </Text>
        </Stack>
      </Card>

      {moves.length > 0 ? (
        <Card withBorder component="section" aria-labelledby="worker-order-status">
          <Title order={2} size="h4" mb="xs" id="worker-order-status">
            Status
          </Title>
          <Group gap="xs" grow>
            {moves.map((next) => (
              <Button
                key={next}
                size="md"
                loading={status.isPending && status.variables === next}
                disabled={status.isPending}
                onClick={() => status.mutate(next)}
              >
                Mark as {next}
              </Button>
            ))}
          </Group>
        </Card>
      ) : null}

      <Card withBorder component="section" aria-labelledby="worker-order-note">
        <Title order={2} size="h4" mb="xs" id="worker-order-note">
          Add a note
        </Title>
        <form onSubmit={submitNote} noValidate>
          <Stack gap="xs">
            <Textarea
              label="Note"
              required
              autosize
              minRows={2}
              value={noteText}
              onChange={(e) => setNoteText(e.currentTarget.value)}
            />
            <Group gap="xs" grow>
              <NumberInput
                label="Hours"
                min={0}
                decimalScale={2}
                inputMode="decimal"
                value={hours}
                onChange={setHours}
              />
              <MoneyInput label="Cost" value={cost} onChange={setCost} />
            </Group>
            <Button
              type="submit"
              disabled={!noteText.trim() || !isMoneyOrEmpty(cost)}
              loading={note.isPending}
            >
              Add note
            </Button>
          </Stack>
        </form>
      </Card>

      <WorkerPhotos order={o} />

      <Card withBorder component="section" aria-labelledby="worker-order-notes">
        <Title order={2} size="h4" mb="xs" id="worker-order-notes">
          Notes
        </Title>
        {o.notes.length === 0 ? <Text c="dimmed">No notes yet.</Text> : null}
        <Stack gap="xs">
          {o.notes.map((n) => (
            <Text key={n.id} size="sm">
              <strong>{n.author}</strong>
              {n.visibility === 'tenant' ? ' (shared with the tenant)' : ''}: {n.body}
              {n.labourHours ? ` · ${n.labourHours} h` : ''}
              {n.cost ? ` · ${formatAmount(n.cost)}` : ''}
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
