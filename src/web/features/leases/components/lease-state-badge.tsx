import { Badge } from '@mantine/core';
import { LEASE_STATE_LABELS, type LeaseState } from '../../../../shared/lease-state';

const COLORS: Record<LeaseState, string> = {
  upcoming: 'blue',
  active: 'green',
  ending_soon: 'yellow',
  expired: 'gray',
  ended_early: 'red',
};

/** Where a lease stands today, read from its dates (docs/product.md section 11). */
export function LeaseStateBadge({ state }: { state: LeaseState }) {
  return (
    <Badge color={COLORS[state]} variant="light" style={{ overflow: 'visible' }}>
      {LEASE_STATE_LABELS[state]}
    </Badge>
  );
}
