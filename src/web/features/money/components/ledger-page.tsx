import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../auth/session';
import type { LedgerEntry } from '../../../../shared/schemas/ledger';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { isRecordNotFound, useRouteId } from '../../../lib/edit-route';
import { LeaseStateBadge, useLease } from '../../leases';
import { useLedger } from '../api/get-ledger';
import { AdjustmentModal } from './adjustment-modal';
import { BalanceCard } from './balance-card';
import { DepositPanel } from './deposit-panel';
import { LedgerEntries } from './ledger-entries';
import { PaymentModal } from './payment-modal';
import { ReverseModal } from './reverse-modal';

type Dialog = 'payment' | 'charge' | 'credit' | 'reverse' | null;

/** /leases/:id/ledger: what the tenant of one lease was charged and paid, and what they owe. */
export function LedgerPage() {
  const { id: rawId } = useParams();
  const id = useRouteId();
  const lease = useLease(id);
  const ledger = useLedger(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [reverseTarget, setReverseTarget] = useState<LedgerEntry | null>(null);
  const close = () => setDialog(null);
  const { can } = useSession();
  const writesMoney = can('money', 'write');

  if (id === undefined || isRecordNotFound(rawId, lease.error ?? ledger.error)) {
    return (
      <>
        <PageHeader title="Ledger" />
        <NotFoundState noun="Lease" back={{ to: '/leases', label: 'Back to leases' }} />
      </>
    );
  }

  const tenant = lease.data ? `${lease.data.firstName} ${lease.data.lastName}` : undefined;

  return (
    <>
      <PageHeader
        title="Ledger"
        description={
          lease.data ? (
            <>
              {tenant}, unit {lease.data.unitNumber}.{' '}
              <Anchor component={Link} to={`/lease/${id}`} underline="always">
                View lease
              </Anchor>
              {' · '}
              <Anchor component={Link} to={`/leases/${id}/statement`} underline="always">
                Statement
              </Anchor>
            </>
          ) : undefined
        }
        actions={lease.data ? <LeaseStateBadge state={lease.data.state} /> : undefined}
      />
      {ledger.isPending || lease.isPending ? (
        <LoadingState label="Loading ledger..." />
      ) : ledger.isError || lease.isError ? (
        <ErrorBanner>
          {errorMessage(ledger.error ?? lease.error, 'Failed to load the ledger')}
        </ErrorBanner>
      ) : (
        <Stack gap="md">
          <Group align="stretch" gap="md" wrap="wrap">
            <BalanceCard ledger={ledger.data} />
            <Stack gap="xs" justify="center">
              <Text size="sm" c="dimmed">
                Payments settle the oldest open charges first.
              </Text>
              <Group gap="xs">
                {can('payments', 'write') ? (
                  <Button onClick={() => setDialog('payment')}>Record payment</Button>
                ) : null}
                {writesMoney ? (
                  <>
                    <Button variant="default" onClick={() => setDialog('charge')}>
                      Add charge
                    </Button>
                    <Button variant="default" onClick={() => setDialog('credit')}>
                      Add credit
                    </Button>
                  </>
                ) : null}
                <DownloadCsvButton path={`/api/leases/${id}/ledger.csv`} />
              </Group>
            </Stack>
          </Group>
          <LedgerEntries
            entries={ledger.data.entries}
            onReverse={
              writesMoney
                ? (entry) => {
                    setReverseTarget(entry);
                    setDialog('reverse');
                  }
                : undefined
            }
          />
          <DepositPanel leaseId={id} openCharges={ledger.data.balance} />
        </Stack>
      )}
      <PaymentModal opened={dialog === 'payment'} leaseId={id} onClose={close} />
      <AdjustmentModal opened={dialog === 'charge'} kind="charge" leaseId={id} onClose={close} />
      <AdjustmentModal opened={dialog === 'credit'} kind="credit" leaseId={id} onClose={close} />
      {reverseTarget ? (
        <ReverseModal
          opened={dialog === 'reverse'}
          leaseId={id}
          entry={reverseTarget}
          onClose={close}
        />
      ) : null}
    </>
  );
}
