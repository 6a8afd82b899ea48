import { Stack, Text } from '@mantine/core';
import {
  AGING_BUCKETS,
  AGING_BUCKET_LABELS,
  ARREARS_SORT_KEYS,
  type ArrearsRow,
} from '../../../../shared/schemas/money-reports';
import { DateFilter } from '../../../components/list-filters';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { PageHeader } from '../../../components/page-header';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { PropertyFilter } from '../../properties';
import { useArrears } from '../api/get-arrears';
import { AgingTotals } from './aging-totals';
import { LedgerLink } from './ledger-link';
import { MoneyReportsNav } from './money-reports-nav';

const columns: Column<ArrearsRow>[] = [
  {
    key: 'tenant',
    header: 'Tenant',
    render: (r) => <LedgerLink leaseId={r.leaseId}>{r.tenantName}</LedgerLink>,
    sortable: true,
  },
  { key: 'property', header: 'Property', render: (r) => r.propertyName, sortable: true },
  { key: 'unit', header: 'Unit #', render: (r) => r.unitNumber, sortable: true },
  ...AGING_BUCKETS.map((bucket): Column<ArrearsRow> => ({
    key: bucket,
    header: AGING_BUCKET_LABELS[bucket],
    render: (r) => formatMoney(r.buckets[bucket]),
    align: 'right',
  })),
  {
    key: 'balance',
    header: 'Owed',
    render: (r) => formatMoney(r.balance),
    sortable: true,
    align: 'right',
  },
  {
    key: 'oldest',
    header: 'Oldest open',
    render: (r) => formatDate(r.oldestOpenDate),
    sortable: true,
  },
];

const FILTERS = ['asOf', 'propertyId'] as const;

/** /arrears: who owes what, by how late (aging buckets), with the totals on top. */
export function ArrearsPage() {
  const params = useListParams(ARREARS_SORT_KEYS, FILTERS);
  const arrears = useArrears(params.query);

  return (
    <>
      <PageHeader
        title="Arrears"
        description={
          arrears.data
            ? `Open charges as of ${formatDate(arrears.data.asOf)}.`
            : 'Open charges by age.'
        }
        actions={<DownloadCsvButton path="/api/arrears.csv" query={params.query} />}
      />
      <MoneyReportsNav />
      <Stack gap="md">
        {arrears.data ? (
          <AgingTotals
            totals={arrears.data.totals}
            tenantsInArrears={arrears.data.tenantsInArrears}
          />
        ) : null}
        <ServerTable
          caption="Leases in arrears"
          data={arrears.data?.page}
          isPending={arrears.isPending}
          isFetching={arrears.isFetching}
          error={arrears.isError ? errorMessage(arrears.error, 'Failed to load arrears') : null}
          params={params}
          columns={columns}
          rowKey={(r) => r.leaseId}
          searchLabel="Search by tenant, unit or property"
          filters={
            <>
              <PropertyFilter params={params} />
              <DateFilter params={params} name="asOf" label="As of" />
            </>
          }
          empty={{
            title: 'Nobody is behind',
            description: <Text span>Every charge due so far is paid.</Text>,
          }}
        />
      </Stack>
    </>
  );
}
