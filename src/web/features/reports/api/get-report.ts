import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CashFlow,
  ExpenseReport,
  Form1099Report,
  ProfitAndLoss,
  ScheduleE,
} from '../../../../shared/schemas/reports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Each report's address under /api/reports and what it answers. */
export interface Reports {
  'profit-and-loss': ProfitAndLoss;
  'cash-flow': CashFlow;
  expenses: ExpenseReport;
  'schedule-e': ScheduleE;
  '1099': Form1099Report;
}
export type ReportName = keyof Reports;

/** The report's address with its query (empty values left out); `.csv` for the download. */
export function reportHref(
  name: ReportName,
  query: Record<string, string | undefined>,
  csv = false,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return `/api/reports/${name}${csv ? '.csv' : ''}${text ? `?${text}` : ''}`;
}

// Under the money keys: a ledger write invalidates the reports with the rest of the money.
export const reportQueryOptions = <Name extends ReportName>(
  name: Name,
  query: Record<string, string | undefined>,
) =>
  queryOptions({
    queryKey: [...queryKeys.money.all, 'reports', name, query],
    queryFn: ({ signal }) => api.get<Reports[Name]>(reportHref(name, query), signal),
    // While new dates or properties load, the same report's last answer stays on screen; another
    // report's never does (its shape differs).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === name ? keepPreviousData(previous) : undefined,
  });

export const useReport = <Name extends ReportName>(
  name: Name,
  query: Record<string, string | undefined>,
) => useQuery(reportQueryOptions(name, query));
