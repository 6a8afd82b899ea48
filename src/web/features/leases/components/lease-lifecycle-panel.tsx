import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { addDays, formatDate } from '../../../../shared/dates';
import {
  moveOutBodySchema,
  renewLeaseBodySchema,
  type Lease,
} from '../../../../shared/schemas/leases';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { MoneyInput } from '../../../components/money-input';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useMoveOutTenant, useRenewLease } from '../api/lease-lifecycle';
import { oneYearFrom } from '../hooks/use-lease-prefill';
import { LeaseStateBadge } from './lease-state-badge';

/**
 * Beside a lease's edit form: where it stands, and the two steps of its life after signing,
 * Renew (the next lease, from the day after this one ends) and Move out (docs/product.md
 * section 11).
 */
export function LeaseLifecyclePanel({ lease }: { lease: Lease }) {
  const navigate = useNavigate();
  const { banner, showSuccess, showError, clear } = useBanner();
  const renew = useRenewLease();
  const moveOut = useMoveOutTenant();
  const nextStart = addDays(lease.endDate, 1);
  const ended = lease.status === 'Terminated';

  const renewForm = useForm({
    mode: 'controlled',
    initialValues: { endDate: oneYearFrom(nextStart), rent: lease.rent as number | string },
    validate: schemaResolver(renewLeaseBodySchema, { sync: true }),
  });
  const moveOutForm = useForm({
    mode: 'controlled',
    initialValues: { moveOutDate: dayjs().format('YYYY-MM-DD'), reason: '' },
    validate: schemaResolver(moveOutBodySchema, { sync: true }),
  });

  const handleRenew = renewForm.onSubmit(async (values) => {
    clear();
    try {
      const renewal = await renew.mutateAsync({
        id: lease.id,
        body: renewLeaseBodySchema.parse(values),
      });
      void navigate(`/lease/${renewal.id}`, {
        state: {
          success: `Lease renewed: the next lease runs from ${formatDate(renewal.startDate)} to ${formatDate(renewal.endDate)}.`,
        },
      });
    } catch (error) {
      showError(errorMessage(error, 'Failed to renew lease'));
    }
  });

  const handleMoveOut = moveOutForm.onSubmit(async (values) => {
    clear();
    try {
      const tenant = await moveOut.mutateAsync({
        tenantId: lease.tenantId,
        body: moveOutBodySchema.parse(values),
      });
      showSuccess(
        `${tenant.firstName} ${tenant.lastName} moved out on ${formatDate(tenant.movedOutOn)}. ` +
          `The unit is free again; the deposit of ${formatMoney(lease.deposit)} stays on the lease until it is settled.`,
      );
    } catch (error) {
      showError(errorMessage(error, 'Failed to move the tenant out'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lease-life-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="lease-life-title">
            This lease today
          </Title>
          <LeaseStateBadge state={lease.state} />
        </Group>
        <StatusBanner banner={banner} onClose={clear} />
        {ended ? (
          <Text size="sm">
            {lease.endedOn ? `Ended early on ${formatDate(lease.endedOn)}` : 'Ended'}
            {lease.endReason ? `: ${lease.endReason}` : '.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <form onSubmit={handleRenew} aria-labelledby="renew-title">
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
                  {...renewForm.getInputProps('endDate')}
                />
                <MoneyInput
                  label="Renewal monthly amount"
                  description="Per month, USD"
                  required
                  {...renewForm.getInputProps('rent')}
                />
                <Button type="submit" loading={renew.isPending}>
                  Renew lease
                </Button>
              </Stack>
            </form>
            <form onSubmit={handleMoveOut} aria-labelledby="move-out-title">
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
                  max={dayjs().format('YYYY-MM-DD')}
                  {...moveOutForm.getInputProps('moveOutDate')}
                />
                <TextInput
                  label="Reason"
                  placeholder="Optional"
                  {...moveOutForm.getInputProps('reason')}
                />
                <Button type="submit" color="red.8" loading={moveOut.isPending}>
                  Move tenant out
                </Button>
              </Stack>
            </form>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
