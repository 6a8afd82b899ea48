import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { Lease } from '../../../../shared/schemas/leases';
import {
  RECURRING_CHARGE_LABELS,
  type RecurringCharge,
} from '../../../../shared/schemas/recurring-charges';
import { useConfirmation } from '../../../components/confirm-dialog';
import { LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useServerToday } from '../../../lib/server-today';
import { useRecurringCharges, useSaveRecurringCharge } from '../api/recurring-charges';
import { RecurringChargeModal } from './recurring-charge-modal';

const nameOf = (charge: RecurringCharge) =>
  `${RECURRING_CHARGE_LABELS[charge.kind]}${charge.description ? ` (${charge.description})` : ''}`;

/**
 * A lease's recurring charges (parking, pet rent, ...): posted with its rent each period
 * (docs/product.md section 17). One never posted may be removed; a posted one is ended.
 */
export function RecurringChargesPanel({ lease }: { lease: Lease }) {
  const charges = useRecurringCharges(lease.id);
  const save = useSaveRecurringCharge();
  const banner = useBanner();
  const { ask, dialog } = useConfirmation();
  const [editing, setEditing] = useState<RecurringCharge | 'new' | null>(null);
  const day = useServerToday();
  const firstDay = day > lease.startDate && day <= lease.endDate ? day : lease.startDate;

  async function remove(charge: RecurringCharge) {
    const confirmed = await ask({
      title: `Remove ${nameOf(charge)}?`,
      happens: [
        `${formatMoney(charge.amount)} a month will no longer be charged on this lease; it was never posted.`,
      ],
      cannotUndo: 'The charge is deleted; add it again to charge it later.',
      confirmLabel: 'Remove charge',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await save.mutateAsync({ leaseId: lease.id, chargeId: charge.id, body: null });
      banner.showSuccess(`${nameOf(charge)} removed.`);
    } catch (error) {
      banner.showError(errorMessage(error, 'Failed to remove the charge'));
    }
  }

  let body;
  if (charges.isPending) body = <LoadingState label="Loading recurring charges..." />;
  else if (charges.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(charges.error, 'Failed to load the recurring charges')}
      </Alert>
    );
  } else if (charges.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No recurring charges: only the rent is posted each month.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Charge</Table.Th>
              <Table.Th ta="right">Each month</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>Until</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charges.data.map((charge) => (
              <Table.Tr key={charge.id}>
                <Table.Td>{nameOf(charge)}</Table.Td>
                <Table.Td ta="right">{formatMoney(charge.amount)}</Table.Td>
                <Table.Td>{formatDate(charge.startDate)}</Table.Td>
                <Table.Td>{charge.endDate ? formatDate(charge.endDate) : 'Lease end'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(charge)}
                      aria-label={`Change or end ${nameOf(charge)}`}
                    >
                      Change or end
                    </Button>
                    {charge.postedCount === 0 ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => void remove(charge)}
                        aria-label={`Remove ${nameOf(charge)}`}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recurring-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="recurring-title">
            Recurring charges
          </Title>
          <Button size="xs" onClick={() => setEditing('new')}>
            Add recurring charge
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Posted with the rent for each period due from the start to the end day, prorated like the
          rent. Late fees are charged on rent only.
        </Text>
        <StatusBanner banner={banner.banner} onClose={banner.clear} />
        {body}
      </Stack>
      <RecurringChargeModal
        opened={editing !== null}
        leaseId={lease.id}
        charge={editing === 'new' || editing === null ? undefined : editing}
        startDate={firstDay}
        onClose={() => setEditing(null)}
      />
      {dialog}
    </Paper>
  );
}
