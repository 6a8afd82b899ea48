import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { nextStatuses, type WorkOrderStatus } from '../../../../shared/maintenance';
import type { NoteVisibility } from '../../../../shared/schemas/work-orders';
import { formatAmount } from '../../../../shared/money';
import { isMoneyOrEmpty, MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAddWorkerNote, useChangeWorkerStatus, useWorkerWorkOrder } from '../api/worker-queue';
import { WorkOrderBadges } from '../../work-orders';
import { WorkerPhotos } from './worker-photos';
import { dialablePhone, formatPhone } from '../../../../shared/phone-format';

const BACK = { to: '/', label: 'Back to your work orders' };

/** The tenant's choice first: what a worker writes on a finished job is usually for them. */
const VISIBILITY_CHOICES: { value: NoteVisibility; label: string }[] = [
  { value: 'tenant', label: 'Visible to the tenant' },
  { value: 'internal', label: 'Staff only' },
];

function VisibilityChoice({
  value,
  onChange,
  error,
}: {
  value: NoteVisibility | '';
  onChange(value: NoteVisibility): void;
  error?: string | undefined;
}) {
  return (
    <Radio.Group
      label="Who sees this note"
      required
      value={value}
      onChange={(chosen) => onChange(chosen as NoteVisibility)}
      error={error}
    >
      <Group gap="md" mt={4}>
        {VISIBILITY_CHOICES.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** /my-work-orders/{id}: one work order assigned to the worker, its next statuses and a note. */
export function WorkerWorkOrderPage() {
  const id = Number(useParams().id);
  const order = useWorkerWorkOrder(id);
  const status = useChangeWorkerStatus(id);
  const note = useAddWorkerNote(id);
  const [noteText, setNoteText] = useState('');
  const [hours, setHours] = useState<number | string>('');
  const [cost, setCost] = useState<number | string>('');
  // The note's reader is chosen each time: nothing is kept from the tenant by default.
  const [visibility, setVisibility] = useState<NoteVisibility | ''>('');
  const [visibilityError, setVisibilityError] = useState<string | undefined>();
  // Marking Done asks what was done first, for the tenant unless the worker says otherwise.
  const [finishing, setFinishing] = useState(false);
  const [doneNote, setDoneNote] = useState('');
  const [doneVisibility, setDoneVisibility] = useState<NoteVisibility>('tenant');

  if (order.isPending) return <LoadingState label="Loading the work order..." />;
  if (order.isError) return <NotFoundState noun="Work order" back={BACK} />;
  const o = order.data;
  const failure = [status, note].find((m) => m.isError)?.error;
  const moves = nextStatuses(o.status, 'worker');

  function move(next: WorkOrderStatus) {
    if (next === 'Done') {
      setFinishing(true);
      return;
    }
    status.mutate({ status: next, note: null, visibility: 'tenant' });
  }

  function submitDone(event: FormEvent) {
    event.preventDefault();
    status.mutate(
      { status: 'Done', note: doneNote.trim() || null, visibility: doneVisibility },
      {
        onSuccess: () => {
          setFinishing(false);
          setDoneNote('');
        },
      },
    );
  }

  function submitNote(event: FormEvent) {
    event.preventDefault();
    if (!visibility) {
      setVisibilityError('Please choose who sees this note');
      return;
    }
    note.mutate(
      {
        note: noteText,
        visibility,
        hours: hours === '' ? null : Number(hours),
        cost: typeof cost === 'number' ? cost : null,
      },
      {
        onSuccess: () => {
          setNoteText('');
          setHours('');
          setCost('');
          setVisibility('');
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
                  ,{' '}
                  <Anchor href={`tel:${dialablePhone(o.tenant.phone)}`}>
                    {formatPhone(o.tenant.phone)}
                  </Anchor>
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
          {finishing ? (
            <form onSubmit={submitDone} noValidate aria-label="Mark as Done">
              <Stack gap="xs">
                <Textarea
                  label="What was done"
                  description="Optional; the tenant reads it on their request unless you keep it to staff"
                  autosize
                  minRows={2}
                  maxLength={2000}
                  value={doneNote}
                  onChange={(e) => setDoneNote(e.currentTarget.value)}
                />
                <VisibilityChoice value={doneVisibility} onChange={setDoneVisibility} />
                <Group gap="xs" justify="flex-end">
                  <Button variant="default" onClick={() => setFinishing(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={status.isPending}>
                    Mark as Done
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            // Each button is as wide as its words at least: on a phone they wrap to a new row
            // instead of cutting 'Mark as In progress' short.
            <Group gap="xs" wrap="wrap">
              {moves.map((next) => (
                <Button
                  key={next}
                  size="md"
                  style={{ flex: '1 1 auto' }}
                  loading={status.isPending && status.variables?.status === next}
                  disabled={status.isPending}
                  onClick={() => move(next)}
                >
                  Mark as {next}
                </Button>
              ))}
            </Group>
          )}
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
            <VisibilityChoice
              value={visibility}
              onChange={(chosen) => {
                setVisibility(chosen);
                setVisibilityError(undefined);
              }}
              error={visibilityError}
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
              {n.visibility === 'tenant' ? ' (visible to the tenant)' : ' (staff only)'}: {n.body}
              {n.labourHours ? ` · ${n.labourHours} h` : ''}
              {n.cost ? ` · ${formatAmount(n.cost)}` : ''}
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
