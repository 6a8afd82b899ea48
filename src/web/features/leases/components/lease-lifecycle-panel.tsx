import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { addDays, formatDate } from '../../../../shared/dates';
import {
  moveOutBodySchema,
  renewLeaseBodySchema,
  type Lease,
} from '../../../../shared/schemas/leases';
import { useConfirmation } from '../../../components/confirm-dialog';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useServerToday } from '../../../lib/server-today';
import { useMoveOutTenant, useRenewLease } from '../api/lease-lifecycle';
import { oneYearFrom } from '../hooks/use-lease-prefill';
import { moveOutConfirmation, renewConfirmation } from './lease-confirmations';
import { LeaseStateBadge } from './lease-state-badge';
import { VoidLeaseSection } from './void-lease-section';

const validateRenewal = schemaResolver(renewLeaseBodySchema, { sync: true });
const validateMoveOut = schemaResolver(moveOutBodySchema, { sync: true });

/**
 * Beside a lease's edit form: where it stands, and the two steps of its life after signing,
 * Renew (the next lease, from the day after this one ends) and Move out (docs/product.md
 * section 11). Both ask first: each says what will happen and what cannot be undone.
 */
export function LeaseLifecyclePanel({ lease }: { lease: Lease }) {
  // One banner for both forms: the panel's outcome, whichever form it came from.
  const status = useBanner();
  const { ask, dialog } = useConfirmation();
  const renewLease = useRenewLease();
  const moveOutTenant = useMoveOutTenant();
  const today = useServerToday();
  const nextStart = addDays(lease.endDate, 1);
  const ended = lease.status === 'Terminated';

  const renew = useEntityForm({
    initialValues: { endDate: oneYearFrom(nextStart), rent: lease.rent as number | string },
    validate: validateRenewal,
    toBody: (values) => renewLeaseBodySchema.parse(values),
    confirm: (body) => ask(renewConfirmation(lease, body)),
    save: (body) => renewLease.mutateAsync({ id: lease.id, body }),
    onSaved: (renewal) => ({
      then: 'return',
      to: `/lease/${renewal.id}`,
      message: `Lease renewed: the next lease runs from ${formatDate(renewal.startDate)} to ${formatDate(renewal.endDate)}.`,
    }),
    failed: 'Failed to renew lease',
    banner: status,
  });
  const moveOut = useEntityForm({
    initialValues: { moveOutDate: today, reason: '' },
    validate: validateMoveOut,
    toBody: (values) => moveOutBodySchema.parse(values),
    confirm: (body) => ask(moveOutConfirmation(lease, body)),
    save: (body) => moveOutTenant.mutateAsync({ tenantId: lease.tenantId, body }),
    onSaved: (tenant) => ({
      then: 'stay',
      message:
        `${tenant.firstName} ${tenant.lastName} moved out on ${formatDate(tenant.movedOutOn)}. ` +
        `The unit is free again; the deposit of ${formatMoney(lease.deposit)} stays on the lease until it is settled.`,
    }),
    failed: 'Failed to move the tenant out',
    banner: status,
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lease-life-title">
      {dialog}
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="lease-life-title">
            This lease today
          </Title>
          <LeaseStateBadge state={lease.state} />
        </Group>
        <StatusBanner banner={status.banner} onClose={status.clear} />
        {ended ? (
          <Text size="sm">
            {lease.endedOn ? `Ended early on ${formatDate(lease.endedOn)}` : 'Ended'}
            {lease.endReason ? `: ${lease.endReason}` : '.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <form onSubmit={renew.onSubmit} aria-labelledby="renew-title">
              <Stack gap="sm">
                <Title order={3} size="h5" id="renew-title">
                  Renew
                </Title>
                <Text size="sm">
                  The next lease starts {formatDate(nextStart)}; the deposit of{' '}
                  {formatMoney(lease.deposit)} carries over.
                </Text>
                <TextInput
                  label="Renewal ends on"
                  type="date"
                  required
                  min={nextStart}
                  {...renew.form.getInputProps('endDate')}
                />
                <MoneyInput
                  label="Renewal monthly amount"
                  description="Per month, USD"
                  required
                  {...renew.form.getInputProps('rent')}
                />
                <Button type="submit" loading={renew.busy}>
                  Renew lease
                </Button>
              </Stack>
            </form>
            <form onSubmit={moveOut.onSubmit} aria-labelledby="move-out-title">
              <Stack gap="sm">
                <Title order={3} size="h5" id="move-out-title">
                  Move out
                </Title>
                <Text size="sm">
                  Ends the lease on the day the tenant left, keeps them in the unit's history and
                  frees the unit.
                </Text>
                <TextInput
                  label="Move-out date"
                  type="date"
                  required
                  max={today}
                  {...moveOut.form.getInputProps('moveOutDate')}
                />
                <TextInput
                  label="Reason"
                  placeholder="Optional"
                  {...moveOut.form.getInputProps('reason')}
                />
                <Button type="submit" color="red.8" loading={moveOut.busy}>
                  Move tenant out
                </Button>
              </Stack>
            </form>
          </SimpleGrid>
        )}
        {lease.status === 'Terminated' && lease.endedOn === null ? null : (
          <VoidLeaseSection lease={lease} ask={ask} banner={status} />
        )}
      </Stack>
    </Paper>
  );
}
