import { Alert, Table, Text } from '@mantine/core';
import { useParams } from 'react-router';
import type { LeaseDeposit } from '../../../../shared/schemas/deposits';
import type { Statement } from '../../../../shared/schemas/money-reports';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState, NotFoundState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { isRecordNotFound, useRouteId } from '../../../lib/edit-route';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLeaseDeposit } from '../api/get-lease-deposit';
import { useStatement } from '../api/get-statement';
import { PrintablePageHeader, PrintableSheet } from './printable-sheet';

/**
 * What the settlement did with the deposit, line by line: received, each deduction, what paid
 * open charges, and what goes back to the tenant (docs/product.md section 20).
 */
function SettlementSheet({ deposit, parties }: { deposit: LeaseDeposit; parties: Statement }) {
  const { lease } = parties;
  const settlement = deposit.settlement;
  const deductions = deposit.transactions.filter((t) => t.kind === 'deducted');
  const applied = deposit.transactions.filter((t) => t.kind === 'applied');
  return (
    <PrintableSheet
      parties={parties}
      heading={
        settlement
          ? `Security deposit settled on ${formatDate(settlement.date)}`
          : 'Security deposit: not settled yet'
      }
      detail={`Lease ${formatDate(lease.startDate)} to ${formatDate(lease.endDate)}; deposit agreed ${formatMoney(deposit.agreed)}`}
    >
      {settlement ? (
        <>
          <Table verticalSpacing="xs" data-testid="deposit-statement-table">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              How your deposit was settled
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Deposit received</Table.Td>
                <Table.Td ta="right">{formatMoney(deposit.received)}</Table.Td>
              </Table.Tr>
              {deductions.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>Deduction: {t.description ?? 'Deduction'}</Table.Td>
                  <Table.Td ta="right">-{formatMoney(t.amount)}</Table.Td>
                </Table.Tr>
              ))}
              {applied.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>Applied to rent and charges still owed at move-out</Table.Td>
                  <Table.Td ta="right">-{formatMoney(t.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Returned to you on {formatDate(settlement.date)}</Table.Th>
                <Table.Th ta="right" data-testid="deposit-statement-returned">
                  {formatMoney(settlement.returned)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          {settlement.unpaidDeductions > 0 ? (
            <Text size="sm" data-testid="deposit-statement-owing">
              Deductions came to more than the deposit held:{' '}
              {formatMoney(settlement.unpaidDeductions)} remains owing on your account.
            </Text>
          ) : null}
          {settlement.returned === 0 ? (
            <Text size="sm">Nothing is returned: the deposit was used in full.</Text>
          ) : null}
        </>
      ) : (
        <Alert variant="light" role="status">
          The deposit is settled at move-out; {formatMoney(deposit.held)} is held now.
        </Alert>
      )}
    </PrintableSheet>
  );
}

/** /leases/:id/deposit-statement: the itemized deposit settlement, ready to print or send. */
export function DepositStatementPage() {
  const { id: rawId } = useParams();
  const id = useRouteId();
  const deposit = useLeaseDeposit(id ?? 0);
  const parties = useStatement(id, '', '');

  if (id === undefined || isRecordNotFound(rawId, parties.error ?? deposit.error)) {
    return (
      <>
        <PageHeader title="Deposit statement" />
        <NotFoundState noun="Lease" back={{ to: '/leases', label: 'Back to leases' }} />
      </>
    );
  }

  const error = deposit.error ?? parties.error;
  return (
    <>
      <PrintablePageHeader
        title="Deposit statement"
        leaseId={id}
        ready={Boolean(deposit.data && parties.data)}
      />
      {error ? (
        <ErrorBanner>{errorMessage(error, 'Failed to load the deposit statement')}</ErrorBanner>
      ) : !deposit.data || !parties.data ? (
        <LoadingState label="Loading deposit statement..." />
      ) : (
        <SettlementSheet deposit={deposit.data} parties={parties.data} />
      )}
    </>
  );
}
