import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A report row's way into the lease's ledger. */
export function LedgerLink({ leaseId, children }: { leaseId: number; children: ReactNode }) {
  return (
    <Anchor component={Link} to={`/leases/${leaseId}/ledger`} size="sm">
      {children}
    </Anchor>
  );
}
