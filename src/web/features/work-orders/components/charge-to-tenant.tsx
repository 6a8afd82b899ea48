import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import {
  CHARGEABLE_STATUSES,
  chargeWorkOrderBodySchema,
  repairChargeDescription,
  type WorkOrder,
} from '../../../../shared/schemas/work-orders';
import { useConfirmation } from '../../../components/confirm-dialog';
import { useSession } from '../../auth/session';
import { StatusBanner } from '../../../components/status-banner';
import { MoneyInput } from '../../../components/money-input';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { useChargeWorkOrder } from '../api/work-orders';

const validateCharge = schemaResolver(chargeWorkOrderBodySchema, { sync: true });

interface ChargeValues {
  amount: number | string;
  description: string;
}

/**
 * The landlord's decision to put a finished repair's cost on the tenant's ledger: offered once
 * the work is Done or Closed and has a cost; afterwards the work order says it was charged.
 */
export function ChargeToTenant({ order }: { order: WorkOrder }) {
  const { can } = useSession();
  if (order.chargedLedgerEntryId !== null) {
    return (
      <Alert
        color="green"
        variant="light"
        title="Charged to ledger"
        // Dark text: the theme's green title on the light green fails contrast.
        styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
        data-testid="charged"
      >
        The cost of this work order is on the tenant&apos;s ledger as a one-off charge.
      </Alert>
    );
  }
  const finished = (CHARGEABLE_STATUSES as readonly string[]).includes(order.status);
  if (!finished || order.cost <= 0 || !can('money', 'write')) return null;
  return <ChargeForm order={order} />;
}

function ChargeForm({ order }: { order: WorkOrder }) {
  const charge = useChargeWorkOrder(order.id);
  const { ask, dialog } = useConfirmation();
  const tenant = order.tenant ? order.tenant.name : 'the tenant';
  const initialValues: ChargeValues = {
    amount: order.cost,
    description: repairChargeDescription(order),
  };
  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues,
    validate: (values) => validateCharge(toBody(values) as never),
    toBody,
    confirm: (body) =>
      ask({
        title: `Charge ${formatMoney(body.amount ?? order.cost)} to ${tenant}?`,
        happens: [
          `${formatMoney(body.amount ?? order.cost)} is posted as a one-off damages charge, '${body.description}', on the current lease of unit ${order.unitNumber} (${tenant}), and shows on their ledger and portal.`,
        ],
        cannotUndo:
          "This cannot be undone here: a work order is charged once. A charge made by mistake can only be reversed on the lease's ledger.",
        confirmLabel: 'Charge to tenant',
      }),
    save: (body) => charge.mutateAsync(body),
    // The work order then says it was charged, in place of this form. Without an amount the
    // server charges the recorded cost.
    onSaved: (_, body) => ({
      then: 'toast',
      message: `Charged ${formatMoney(body.amount ?? order.cost)} to the tenant.`,
    }),
    failed: 'The charge was not posted',
  });

  return (
    <Card withBorder>
      {dialog}
      <Title order={2} size="h4" mb="xs">
        Charge to tenant
      </Title>
      <Text size="sm" mb="sm">
        Posts a one-off damages charge on the unit&apos;s current lease. A work order can be charged
        once.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Charge to tenant">
        <Stack gap="sm">
          <StatusBanner banner={banner} onClose={clearBanner} />
          <MoneyInput
            label="Amount"
            description={`USD; the recorded cost is ${formatMoney(order.cost)}`}
            required
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Description"
            required
            maxLength={200}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Charge to tenant
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** An emptied amount is missing (the server then charges the cost), never zero. */
function toBody(values: ChargeValues) {
  return {
    amount: values.amount === '' ? null : Number(values.amount),
    description: values.description,
  };
}
