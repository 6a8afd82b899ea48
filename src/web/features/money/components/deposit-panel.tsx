import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLeaseDeposit } from '../api/get-lease-deposit';
import { DepositReceiptModal } from './deposit-receipt-modal';
import { depositMovementText } from './deposit-text';
import { SettleDepositModal } from './settle-deposit-modal';

/**
 * The lease's deposit beside its ledger: held for the tenant, not income. Receipts until
 * move-out, then one settlement.
 */
export function DepositPanel({ leaseId, openCharges }: { leaseId: number; openCharges: number }) {
  const deposit = useLeaseDeposit(leaseId);
  const [dialog, setDialog] = useState<'receipt' | 'settle' | null>(null);
  const { can } = useSession();
  const close = () => setDialog(null);

  let body;
  if (deposit.isPending) body = <LoadingState label="Loading deposit..." />;
  else if (deposit.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(deposit.error, 'Failed to load the deposit')}
      </Alert>
    );
  } else {
    const d = deposit.data;
    const figures = [
      { label: 'Agreed', value: d.agreed },
      { label: 'Received', value: d.received },
      { label: 'Held', value: d.held },
      { label: 'Still to receive', value: d.outstanding },
    ];
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {figures.map((figure) => (
            <div key={figure.label}>
              <Text size="xs" c="dimmed">
                {figure.label}
              </Text>
              <Text
                fw={600}
                data-testid={`deposit-${figure.label.toLowerCase().replace(/ /g, '-')}`}
              >
                {formatMoney(figure.value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {d.settlement ? (
          <Text size="sm" data-testid="deposit-settled">
            Settled on {formatDate(d.settlement.date)}: {formatMoney(d.settlement.deducted)}{' '}
            deducted, {formatMoney(d.settlement.applied)} applied to open charges,{' '}
            {formatMoney(d.settlement.returned)} returned.
            {d.settlement.unpaidDeductions > 0
              ? ` ${formatMoney(d.settlement.unpaidDeductions)} of deductions is left owing.`
              : ''}{' '}
            <Anchor component={Link} to={`/leases/${leaseId}/deposit-statement`} underline="always">
              Deposit statement for the tenant
            </Anchor>
          </Text>
        ) : can('money', 'write') ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setDialog('receipt')}>
              Record deposit received
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('settle')}>
              Settle at move-out
            </Button>
          </Group>
        ) : null}
        {d.transactions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No deposit received yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
                Deposit movements
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Movement</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.transactions.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(t.date)}</Table.Td>
                    <Table.Td>{depositMovementText(t)}</Table.Td>
                    <Table.Td ta="right">
                      {t.kind === 'received' ? '' : '-'}
                      {formatMoney(t.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="deposit-title">
      <Title order={2} size="h4" mb="sm" id="deposit-title">
        Deposit
      </Title>
      {body}
      {deposit.data ? (
        <>
          <DepositReceiptModal
            opened={dialog === 'receipt'}
            leaseId={leaseId}
            outstanding={deposit.data.outstanding}
            onClose={close}
          />
          <SettleDepositModal
            opened={dialog === 'settle'}
            leaseId={leaseId}
            held={deposit.data.held}
            openCharges={openCharges}
            onClose={close}
          />
        </>
      ) : null}
    </Paper>
  );
}
