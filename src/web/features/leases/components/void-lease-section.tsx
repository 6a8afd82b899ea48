import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { voidLeaseBodySchema, type VoidLeaseBody } from '../../../../shared/schemas/lease-books';
import type { Lease } from '../../../../shared/schemas/leases';
import type { Ledger } from '../../../../shared/schemas/ledger';
import type { Confirmation } from '../../../components/confirm-dialog';
import type { BannerControls } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatMoney } from '../../../lib/format';
import { ledgerQueryOptions } from '../../money';
import { useVoidLease } from '../api/lease-books';

const validateVoid = schemaResolver(voidLeaseBodySchema, { sync: true });

/** What voiding does to this lease's books (docs/product.md section 28), asked before it is sent. */
export function voidConfirmation(
  lease: Lease,
  ledger: Ledger | undefined,
  body: VoidLeaseBody,
): Confirmation {
  const standing = (ledger?.entries ?? []).filter((e) => e.kind !== 'reversal' && !e.reversedById);
  const sum = (kinds: string[]) =>
    standing
      .filter((e) => kinds.includes(e.kind))
      .reduce((total, e) => total + Math.round(e.amount * 100), 0) / 100;
  const n = standing.length;
  const reverses =
    n === 0
      ? 'Its ledger has no entries to reverse.'
      : `Reverses ${n === 1 ? '1 ledger entry' : `${n} ledger entries`}: charges of ${formatMoney(sum(['charge']))}, payments and credits of ${formatMoney(sum(['payment', 'credit']))}; the balance of ${formatMoney(ledger?.balance ?? 0)} becomes $0.00.`;
  return {
    title: `Void the lease of ${lease.firstName} ${lease.lastName}?`,
    happens: [
      reverses,
      `Frees unit ${lease.unitNumber}: this lease never runs and is never charged again. Reason kept: "${body.reason}".`,
      'Card payments are reversed on the books only: refund them with the card processor.',
    ],
    cannotUndo:
      'This cannot be undone: a void lease stays void. If it was right after all, add the lease again.',
    confirmLabel: 'Void lease',
    danger: true,
  };
}

/** For a lease entered by mistake: every entry reversed and the lease void, in one step. */
export function VoidLeaseSection({
  lease,
  ask,
  banner,
}: {
  lease: Lease;
  ask(confirmation: Confirmation): Promise<boolean>;
  banner: BannerControls;
}) {
  const ledger = useQuery(ledgerQueryOptions(lease.id));
  const voidLease = useVoidLease();
  const form = useEntityForm({
    initialValues: { reason: '' },
    validate: validateVoid,
    toBody: (values) => voidLeaseBodySchema.parse(values),
    confirm: async (body) => ask(voidConfirmation(lease, (await ledger.refetch()).data, body)),
    save: (body) => voidLease.mutateAsync({ id: lease.id, body }),
    onSaved: () => ({
      then: 'stay',
      message: `Lease voided: its ledger entries are reversed and unit ${lease.unitNumber} is free.`,
    }),
    failed: 'Failed to void the lease',
    banner,
  });
  return (
    <form onSubmit={form.onSubmit} aria-labelledby="void-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="void-title">
          Void
        </Title>
        <Text size="sm">
          For a lease entered by mistake: reverses every entry of its ledger and frees the unit.
        </Text>
        <TextInput label="Why void it" required {...form.form.getInputProps('reason')} />
        <Button type="submit" color="red.8" variant="outline" loading={form.busy}>
          Void lease
        </Button>
      </Stack>
    </form>
  );
}
