import { formatDecimalCents, toCents } from '../../../shared/money';
import type {
  CashFlow,
  ExpenseReport,
  Form1099Report,
  ProfitAndLoss,
  ReportLine,
  ReportPeriod,
  ScheduleE,
} from '../../../shared/schemas/reports';
import type { CsvColumn } from '../../http/csv';

/**
 * Each report as the rows and columns of its CSV download: the table the screen shows, one
 * line per row, amounts written as 1234.50 (never rounded by a float).
 */
export interface CsvTable<Row> {
  filename: string;
  columns: CsvColumn<Row>[];
  rows: Row[];
}

const csvMoney = (amount: number) => formatDecimalCents(toCents(amount));

interface SectionLine {
  section: string;
  line: ReportLine;
}

/** Section, line, Schedule E line, one column per period, total. */
function lineColumns(periods: readonly ReportPeriod[]): CsvColumn<SectionLine>[] {
  return [
    { header: 'Section', value: (row) => row.section },
    { header: 'Line', value: (row) => row.line.label },
    { header: 'Schedule E line', value: (row) => row.line.scheduleELine },
    ...periods.map((period, i): CsvColumn<SectionLine> => ({
      header: period.label,
      value: (row) => csvMoney(row.line.amounts[i]!),
    })),
    { header: 'Total', value: (row) => csvMoney(row.line.total) },
  ];
}

const rangeName = (report: { from: string; to: string; basis: string }) =>
  `${report.from}-to-${report.to}-${report.basis}`;

export function profitAndLossCsv(report: ProfitAndLoss): CsvTable<SectionLine> {
  const rows: SectionLine[] = [
    ...report.income.map((line) => ({ section: 'Income', line })),
    { section: 'Income', line: report.totalIncome },
    ...report.expenses.map((line) => ({ section: 'Expenses', line })),
    { section: 'Expenses', line: report.totalExpenses },
    { section: 'Result', line: report.netOperatingIncome },
  ];
  return {
    filename: `profit-and-loss-${rangeName(report)}.csv`,
    columns: lineColumns(report.periods),
    rows,
  };
}

export function cashFlowCsv(report: CashFlow): CsvTable<SectionLine> {
  const [payments, depositsIn, expenses, depositsOut] = report.lines;
  const rows: SectionLine[] = [
    { section: 'Money in', line: payments! },
    { section: 'Money in', line: depositsIn! },
    { section: 'Money in', line: report.moneyIn },
    { section: 'Money out', line: expenses! },
    { section: 'Money out', line: depositsOut! },
    { section: 'Money out', line: report.moneyOut },
    { section: 'Result', line: report.netCashFlow },
  ];
  return {
    filename: `cash-flow-${report.from}-to-${report.to}.csv`,
    columns: lineColumns(report.periods),
    rows,
  };
}

export function expenseReportCsv(report: ExpenseReport): CsvTable<SectionLine> {
  const rows: SectionLine[] = [
    ...report.byCategory.map((line) => ({ section: 'By category', line })),
    ...report.byVendor.map((line) => ({ section: 'By vendor', line })),
    { section: 'Total', line: report.total },
  ];
  return {
    filename: `expenses-${rangeName(report)}.csv`,
    columns: lineColumns(report.periods),
    rows,
  };
}

interface ScheduleERow {
  property: string;
  address: string;
  line: number;
  label: string;
  amount: number;
}

export function scheduleECsv(report: ScheduleE): CsvTable<ScheduleERow> {
  const rows: ScheduleERow[] = [
    ...report.properties.flatMap((property) =>
      property.lines.map((line) => ({
        property: property.propertyName,
        address: property.address,
        ...line,
      })),
    ),
    ...report.total.map((line) => ({ property: 'All properties', address: '', ...line })),
  ];
  return {
    filename: `schedule-e-${report.year}-${report.basis}.csv`,
    columns: [
      { header: 'Property', value: (row) => row.property },
      { header: 'Address', value: (row) => row.address },
      { header: 'Line', value: (row) => row.line },
      { header: 'Description', value: (row) => row.label },
      { header: 'Amount', value: (row) => csvMoney(row.amount) },
    ],
    rows,
  };
}

type Vendor1099Row = Form1099Report['vendors'][number];

export function form1099Csv(report: Form1099Report): CsvTable<Vendor1099Row> {
  return {
    filename: `1099-vendors-${report.year}.csv`,
    columns: [
      { header: 'Vendor', value: (row) => row.name },
      { header: 'Tax id (last 4)', value: (row) => row.taxIdLast4 },
      { header: 'Payments', value: (row) => row.payments },
      { header: 'Total paid', value: (row) => csvMoney(row.total) },
      {
        header: `1099-NEC due (${csvMoney(report.threshold)} or more)`,
        value: (row) => (row.meetsThreshold ? 'Yes' : 'No'),
      },
    ],
    rows: report.vendors,
  };
}
