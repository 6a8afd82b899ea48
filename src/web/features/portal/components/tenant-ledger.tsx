import type { PortalLedgerLine } from '../../../../shared/schemas/portal';
import { LedgerTable, type LedgerColumn } from '../../../components/ledger-table';
import { formatDate, formatMoney } from '../../../lib/format';

const KIND_LABELS: Record<PortalLedgerLine['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit: 'Credit',
  reversal: 'Reversal',
};

/** + adds to what is owed; a payment or credit shows with a minus. */
const signed = (amount: number) => (amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount));

const COLUMNS: LedgerColumn<PortalLedgerLine>[] = [
  {
    header: 'Date',
    cell: (line) => formatDate(line.date),
    style: () => ({ whiteSpace: 'nowrap' }),
  },
  { header: 'Entry', cell: (line) => KIND_LABELS[line.kind] },
  { header: 'Description', cell: (line) => line.description },
  { header: 'Amount', align: 'right', cell: (line) => signed(line.amount) },
  { header: 'Balance', align: 'right', cell: (line) => formatMoney(line.runningBalance) },
];

/** The tenant's view of their lease's ledger, in plain words. */
export function TenantLedger({ lines }: { lines: PortalLedgerLine[] }) {
  return (
    <LedgerTable
      lines={lines}
      empty={{
        title: 'Nothing charged or paid yet',
        text: 'Rent, charges and your payments show here once your landlord records them.',
      }}
      caption="Every charge and payment on your lease, oldest first"
      listLabel="Ledger"
      lineTestId="ledger-line"
      columns={COLUMNS}
      card={(line) => ({
        title: line.description,
        subtitle: `${KIND_LABELS[line.kind]} · ${formatDate(line.date)}`,
        amount: signed(line.amount),
      })}
    />
  );
}
