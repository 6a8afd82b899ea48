import { Badge } from '@mantine/core';
import { LEASE_STATE_LABELS, type LeaseState } from '../../../../shared/lease-state';

const LEASE_COLORS: Record<LeaseState, string> = {
  upcoming: 'blue',
  active: 'green',
  ending_soon: 'yellow',
  expired: 'gray',
  ended_early: 'red',
};

/** Where the lease stands today (docs/product.md section 11), as the landlord's screens say it. */
export function LeaseStateBadge({ state }: { state: LeaseState }) {
  return (
    <Badge color={LEASE_COLORS[state]} variant="light">
      {LEASE_STATE_LABELS[state]}
    </Badge>
  );
}
