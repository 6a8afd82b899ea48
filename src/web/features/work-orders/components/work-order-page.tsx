import {
  Button,
  Card,
  FileInput,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { nextStatuses, type WorkOrderStatus } from '../../../../shared/maintenance';
import { formatAmount } from '../../../../shared/money';
import { isMoneyOrEmpty, MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { ServerPicker } from '../../../components/server-picker';
import { queryKeys } from '../../../lib/query-keys';
import { ErrorBanner, LoadingState, MessagePage } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { TenantLink } from '../../../components/record-links';
import {
  useAddWorkOrderNote,
  useAddWorkOrderPhoto,
  useAssignWorkOrder,
  useChangeWorkOrderStatus,
  useManagedStaff,
  useWorkOrder,
} from '../api/work-orders';
import { ChargeToTenant } from './charge-to-tenant';
import { searchVendors, WorkOrderExpense } from '../../books';
import { WorkOrderBadges } from './work-order-badges';
import { useSession } from '../../auth/session';
import { dialablePhone, formatPhone } from '../../../../shared/phone-format';

/** One work order: what, where, who; its status moves, notes, hours, cost and photos. */
export function WorkOrderPage() {
  const id = Number(useParams().id);
  const order = useWorkOrder(id);
  const staff = useManagedStaff();
  const assign = useAssignWorkOrder(id);
  const status = useChangeWorkOrderStatus(id);
  const note = useAddWorkOrderNote(id);
  const photo = useAddWorkOrderPhoto(id);
  const { can } = useSession();
  const works = can('maintenance', 'write');
  const [staffId, setStaffId] = useState<string | null>(null);
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [scheduledFor, setScheduledFor] = useState('');
  const [reason, setReason] = useState('');
  const [noteText, setNoteText] = useState('');
  const [visibility, setVisibility] = useState<'internal' | 'tenant'>('internal');
  const [hours, setHours] = useState<number | string>('');
  const [cost, setCost] = useState<number | string>('');
  const [photoKind, setPhotoKind] = useState<'before' | 'after'>('before');

  if (order.isPending) return <LoadingState label="Loading the work order..." />;
  if (order.isError) return <MessagePage title="Work order not found" />;
  const o = order.data;
  const failure = [assign, status, note, photo].find((m) => m.isError)?.error;

  return (
    <Stack>
      <PageHeader title={o.title} description={`${o.propertyName}, unit ${o.unitNumber}`} />
      <WorkOrderBadges priority={o.priority} status={o.status} overdue={o.overdue} />
      {failure ? (
        <ErrorBanner>{errorMessage(failure, 'The change was not saved.')}</ErrorBanner>
      ) : null}
      <Card withBorder>
        <Stack gap={4}>
          <Text>{o.address}</Text>
          <Text>
            {o.category}
            {o.location ? ` · ${o.location}` : ''}
          </Text>
          {o.description ? <Text>{o.description}</Text> : null}
          <Text>Permission to enter: {o.entryPermission ? 'yes' : 'no'}</Text>
          {o.tenant ? (
            <Text>
              Tenant: <TenantLink id={o.tenant.id}>{o.tenant.name}</TenantLink>,{' '}
              <a href={`tel:${dialablePhone(o.tenant.phone)}`}>{formatPhone(o.tenant.phone)}</a>
            </Text>
          ) : null}
          <Text>
            Assigned to: {o.assigneeName ?? 'nobody yet'}
            {o.scheduledFor ? ` on ${o.scheduledFor}` : ''}
          </Text>
          <Text>
            Hours: {o.labourHours} · Cost: {formatAmount(o.cost)}
          </Text>
          {o.closeReason ? <Text>Reason: {o.closeReason}</Text> : null}
        </Stack>
      </Card>

      <ChargeToTenant order={o} />
      <WorkOrderExpense order={o} />

      {works && (o.status === 'New' || o.status === 'Assigned') ? (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Assign
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Select
              label="Staff member"
              clearable
              data={(staff.data ?? []).map((s) => ({
                value: String(s.id),
                label: `${s.firstName} ${s.lastName}`,
              }))}
              value={staffId}
              onChange={(value) => {
                setStaffId(value);
                if (value) setVendorId(null);
              }}
            />
            <ServerPicker
              label="Or a vendor"
              clearable
              queryKey={[...queryKeys.vendors.all, 'picker']}
              search={searchVendors}
              value={vendorId ?? ''}
              onChange={(value) => {
                setVendorId(value || null);
                if (value) setStaffId(null);
              }}
            />
            <TextInput
              label="Scheduled date"
              type="date"
              value={scheduledFor}
              onChange={(e) => setScheduledFor(e.currentTarget.value)}
            />
            <Button
              mt={{ sm: 24 }}
              disabled={!staffId && !vendorId}
              loading={assign.isPending}
              onClick={() =>
                assign.mutate({
                  staffId: staffId ? Number(staffId) : null,
                  vendorId: vendorId ? Number(vendorId) : null,
                  scheduledFor: scheduledFor || null,
                })
              }
            >
              Assign
            </Button>
          </SimpleGrid>
        </Card>
      ) : null}

      {works && nextStatuses(o.status).some((s) => s !== 'Assigned') ? (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Status
          </Title>
          <TextInput
            label="Reason (needed to cancel)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            mb="xs"
          />
          <Group gap="xs">
            {nextStatuses(o.status)
              .filter((s): s is WorkOrderStatus => s !== 'Assigned')
              .map((next) => (
                <Button
                  key={next}
                  variant="default"
                  loading={status.isPending}
                  onClick={() => status.mutate({ status: next, reason: reason || null })}
                >
                  Mark {next}
                </Button>
              ))}
          </Group>
        </Card>
      ) : null}

      {works ? (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Add a note
          </Title>
          <Stack gap="xs">
            <Textarea
              label="Note"
              value={noteText}
              onChange={(e) => setNoteText(e.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Select
                label="Who sees it"
                data={[
                  { value: 'internal', label: 'Staff only' },
                  { value: 'tenant', label: 'Shared with the tenant' },
                ]}
                value={visibility}
                allowDeselect={false}
                onChange={(v) => setVisibility((v as 'internal' | 'tenant') ?? 'internal')}
              />
              <NumberInput
                label="Hours"
                min={0}
                decimalScale={2}
                value={hours}
                onChange={setHours}
              />
              <MoneyInput label="Cost" value={cost} onChange={setCost} />
            </SimpleGrid>
            <Button
              disabled={!noteText.trim() || !isMoneyOrEmpty(cost)}
              loading={note.isPending}
              onClick={() =>
                note.mutate(
                  {
                    body: noteText,
                    visibility,
                    labourHours: hours === '' ? null : Number(hours),
                    cost: typeof cost === 'number' ? cost : null,
                  },
                  {
                    onSuccess: () => {
                      setNoteText('');
                      setHours('');
                      setCost('');
                    },
                  },
                )
              }
            >
              Add note
            </Button>
          </Stack>
        </Card>
      ) : null}

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Photos
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="xs">
          {o.photos.map((p) => (
            <Image
              key={p.id}
              src={`/api/work-orders/${o.id}/photos/${p.id}`}
              alt={`${p.kind} photo ${p.id}`}
              radius="sm"
            />
          ))}
        </SimpleGrid>
        {works ? (
          <Group gap="xs" align="flex-end">
            <Select
              label="Kind"
              data={['before', 'after']}
              value={photoKind}
              allowDeselect={false}
              onChange={(v) => setPhotoKind((v as 'before' | 'after') ?? 'before')}
            />
            <FileInput
              label="Add a photo"
              accept="image/jpeg,image/png,image/webp,image/heic"
              onChange={(file) => file && photo.mutate({ file, kind: photoKind })}
            />
          </Group>
        ) : null}
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          Notes
        </Title>
        {o.notes.length === 0 ? <Text c="dimmed">No notes yet.</Text> : null}
        {o.notes.map((n) => (
          <Text key={n.id} size="sm">
            <strong>{n.author}</strong> ({n.visibility === 'tenant' ? 'shared' : 'staff only'}):{' '}
            {n.body}
            {n.labourHours ? ` · ${n.labourHours} h` : ''}
            {n.cost ? ` · ${formatAmount(n.cost)}` : ''}
          </Text>
        ))}
      </Card>
    </Stack>
  );
}
