import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import { MAX_REPORT_PROPERTIES } from '../../../../shared/schemas/reports';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's properties to choose from (a report names at most 100). */
export const reportPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.properties.lists(), 'report-choices'],
    queryFn: async ({ signal }) =>
      (
        await getPage<Property>(
          '/api/properties?mine=true',
          { limit: MAX_REPORT_PROPERTIES, sort: 'name' },
          signal,
        )
      ).rows.map((property) => ({ value: String(property.id), label: property.name })),
  });

export const useReportProperties = () => useQuery(reportPropertiesQueryOptions());
