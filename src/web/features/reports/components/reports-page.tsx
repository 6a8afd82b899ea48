import {
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  REPORT_BASIS_LABELS,
  type ReportBasis,
  type ReportGrouping,
} from '../../../../shared/schemas/reports';
import { DownloadButton } from '../../../components/download-csv-button';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSearchParamsUpdate } from '../../../lib/search-params-update';
import { useServerToday } from '../../../lib/server-today';
import { reportHref, useReport, type ReportName, type Reports } from '../api/get-report';
import { useReportProperties } from '../api/get-report-properties';
import { ReportLinesTable } from './report-lines-table';
import { ScheduleETables } from './schedule-e-tables';
import { Vendors1099Table } from './vendors-1099-table';
import './reports-print.css';

const REPORTS: { value: ReportName; label: string }[] = [
  { value: 'profit-and-loss', label: 'Profit and loss' },
  { value: 'cash-flow', label: 'Cash flow' },
  { value: 'expenses', label: 'Expenses by category and vendor' },
  { value: 'schedule-e', label: 'Schedule E summary' },
  { value: '1099', label: '1099 vendor totals' },
];
const TAX_YEAR_REPORTS: ReportName[] = ['schedule-e', '1099'];
const GROUPINGS: { value: ReportGrouping; label: string }[] = [
  { value: 'month', label: 'Months' },
  { value: 'quarter', label: 'Quarters' },
  { value: 'year', label: 'Years' },
];

/** The ten years up to the server's current one, newest first. */
const yearsUpTo = (thisYear: number) => Array.from({ length: 10 }, (_, i) => String(thisYear - i));

/** The report chosen in the address, and its query (what the API and the CSV are asked). */
function useReportChoice() {
  const [search] = useSearchParams();
  const thisYear = Number(useServerToday().slice(0, 4));
  const name = (REPORTS.find((r) => r.value === search.get('report'))?.value ??
    'profit-and-loss') as ReportName;
  const taxYearOnly = TAX_YEAR_REPORTS.includes(name);
  const period = taxYearOnly ? 'year' : search.get('period') === 'year' ? 'year' : 'range';
  const year = search.get('year') ?? String(thisYear - (taxYearOnly ? 1 : 0));
  const basis = (search.get('basis') === 'accrual' ? 'accrual' : 'cash') as ReportBasis;
  const query: Record<string, string | undefined> = {
    propertyIds: search.get('properties') ?? undefined,
    ...(period === 'year'
      ? { year }
      : { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined }),
    ...(taxYearOnly ? {} : { groupBy: search.get('groupBy') ?? 'month' }),
    ...(name === 'cash-flow' || name === '1099' ? {} : { basis }),
  };
  return { name, taxYearOnly, period, year, basis, query, search, years: yearsUpTo(thisYear) };
}

function ReportControls({ choice }: { choice: ReturnType<typeof useReportChoice> }) {
  const update = useSearchParamsUpdate();
  const properties = useReportProperties();
  const { name, taxYearOnly, period, year, basis, search, years } = choice;
  const chosen = (search.get('properties') ?? '').split(',').filter(Boolean);
  return (
    <Paper
      withBorder
      p="md"
      mb="md"
      data-print-hide
      component="form"
      aria-label="Report options"
      onSubmit={(e) => e.preventDefault()}
    >
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Report"
            data={REPORTS}
            value={name}
            allowDeselect={false}
            onChange={(value) => update({ report: value ?? undefined })}
            w={{ base: '100%', sm: 280 }}
          />
          <MultiSelect
            label="Properties"
            placeholder={chosen.length === 0 ? 'All properties' : undefined}
            data={properties.data ?? []}
            value={chosen}
            onChange={(values) => update({ properties: values.join(',') })}
            clearable
            searchable
            nothingFoundMessage={properties.isPending ? 'Loading properties...' : 'No properties'}
            error={
              properties.isError
                ? errorMessage(properties.error, 'Failed to load properties')
                : undefined
            }
            w={{ base: '100%', sm: 360 }}
          />
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {taxYearOnly ? null : (
            <div>
              <Text
                component="span"
                size="sm"
                fw={500}
                id="report-period-label"
                display="block"
                mb={4}
              >
                Period
              </Text>
              <SegmentedControl
                aria-labelledby="report-period-label"
                data={[
                  { value: 'range', label: 'From-to' },
                  { value: 'year', label: 'Tax year' },
                ]}
                value={period}
                onChange={(value) => update({ period: value === 'year' ? 'year' : undefined })}
              />
            </div>
          )}
          {period === 'year' ? (
            <Select
              label="Tax year"
              data={years}
              value={year}
              allowDeselect={false}
              onChange={(value) => update({ year: value ?? undefined })}
              w={{ base: '100%', sm: 140 }}
            />
          ) : (
            <>
              <TextInput
                label="From"
                type="date"
                value={search.get('from') ?? ''}
                onChange={(e) => update({ from: e.currentTarget.value })}
                description="Default: January 1"
                w={{ base: '100%', sm: 180 }}
              />
              <TextInput
                label="To"
                type="date"
                value={search.get('to') ?? ''}
                onChange={(e) => update({ to: e.currentTarget.value })}
                description="Default: today"
                w={{ base: '100%', sm: 180 }}
              />
            </>
          )}
          {taxYearOnly ? null : (
            <Select
              label="Columns"
              data={GROUPINGS}
              value={search.get('groupBy') ?? 'month'}
              allowDeselect={false}
              onChange={(value) =>
                update({ groupBy: value === 'month' ? undefined : (value ?? undefined) })
              }
              w={{ base: '100%', sm: 140 }}
            />
          )}
          {name === 'cash-flow' || name === '1099' ? null : (
            <div>
              <Text
                component="span"
                size="sm"
                fw={500}
                id="report-basis-label"
                display="block"
                mb={4}
              >
                Basis
              </Text>
              <SegmentedControl
                aria-labelledby="report-basis-label"
                data={[
                  { value: 'cash', label: 'Cash' },
                  { value: 'accrual', label: 'Accrual' },
                ]}
                value={basis}
                onChange={(value) => update({ basis: value === 'accrual' ? 'accrual' : undefined })}
              />
            </div>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function rangeText(report: { from: string; to: string; basis?: ReportBasis }) {
  const basis = report.basis ? `, ${REPORT_BASIS_LABELS[report.basis].toLowerCase()}` : '';
  return `${formatDate(report.from)} to ${formatDate(report.to)}${basis}`;
}

function ReportBody({ name, report }: { name: ReportName; report: Reports[ReportName] }) {
  switch (name) {
    case 'profit-and-loss': {
      const pl = report as Reports['profit-and-loss'];
      return (
        <ReportLinesTable
          caption={`Profit and loss, ${rangeText(pl)}`}
          periods={pl.periods}
          sections={[
            { title: 'Income', lines: pl.income, total: pl.totalIncome },
            { title: 'Expenses', lines: pl.expenses, total: pl.totalExpenses },
          ]}
          result={pl.netOperatingIncome}
        />
      );
    }
    case 'cash-flow': {
      const flow = report as Reports['cash-flow'];
      return (
        <ReportLinesTable
          caption={`Cash flow, ${rangeText({ from: flow.from, to: flow.to })}`}
          periods={flow.periods}
          sections={[
            { title: 'Money in', lines: flow.lines.slice(0, 2), total: flow.moneyIn },
            { title: 'Money out', lines: flow.lines.slice(2), total: flow.moneyOut },
          ]}
          result={flow.netCashFlow}
        />
      );
    }
    case 'expenses': {
      const ex = report as Reports['expenses'];
      return (
        <ReportLinesTable
          caption={`Expenses, ${rangeText(ex)}`}
          periods={ex.periods}
          sections={[
            { title: 'By Schedule E category', lines: ex.byCategory, total: ex.total },
            { title: 'By vendor', lines: ex.byVendor, total: ex.total },
          ]}
        />
      );
    }
    case 'schedule-e':
      return <ScheduleETables report={report as Reports['schedule-e']} />;
    case '1099': {
      const form = report as Reports['1099'];
      return form.vendors.length === 0 ? (
        <EmptyState title={`No vendor marked for a 1099 was paid in ${form.year}`}>
          Mark a vendor as receiving a 1099 on its page; what they are paid shows here.
        </EmptyState>
      ) : (
        <Vendors1099Table report={form} />
      );
    }
  }
}

/** /reports: the landlord's books as reports, each with a CSV download and a print view. */
export function ReportsPage() {
  const choice = useReportChoice();
  const report = useReport(choice.name, choice.query);
  const title = REPORTS.find((r) => r.value === choice.name)!.label;
  return (
    <>
      <div data-print-hide>
        <PageHeader
          title="Reports"
          description="Profit and loss, cash flow, expenses, Schedule E and 1099s, from your ledgers and expenses."
          actions={
            <Group gap="sm">
              <DownloadButton href={reportHref(choice.name, choice.query, true)}>
                Download CSV
              </DownloadButton>
              <Button
                leftSection={<IconPrinter size={16} aria-hidden />}
                onClick={() => window.print()}
                disabled={!report.data}
              >
                Print
              </Button>
            </Group>
          }
        />
      </div>
      <ReportControls choice={choice} />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        className="report-sheet"
        data-testid="report-sheet"
        aria-busy={report.isFetching}
      >
        <Title order={2} size="h3" mb="sm">
          {title}
        </Title>
        {report.isPending ? (
          <LoadingState label="Loading the report..." />
        ) : report.isError ? (
          <ErrorBanner>{errorMessage(report.error, 'Failed to load the report')}</ErrorBanner>
        ) : 'properties' in report.data && report.data.properties.length === 0 ? (
          <EmptyState title="No properties to report on">
            Add a property, record its rent and expenses, and its books show here.
          </EmptyState>
        ) : (
          <ReportBody name={choice.name} report={report.data} />
        )}
      </Paper>
    </>
  );
}
