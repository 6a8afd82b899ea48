import type { Ledger } from '../../../../shared/schemas/ledger';
import type { Entity } from '../../../lib/entity-caches';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

/** What a ledger write changes: the figures that sum ledgers are read again. */
export const LEDGER_WRITE_CHANGES: readonly Entity[] = ['ledger'];

/** Every ledger write answers the whole ledger: the screen shows it at once. */
export const useLedgerMutation = <Input extends { leaseId: number }>(
  mutationFn: (input: Input) => Promise<Ledger>,
) =>
  useChangingMutation({
    mutationFn,
    changes: LEDGER_WRITE_CHANGES,
    answers: (_ledger, { leaseId }) => queryKeys.ledger.detail(leaseId),
  });
