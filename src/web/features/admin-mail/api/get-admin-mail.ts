import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_MAIL_PAGE_SIZE, type AdminMail } from '../../../../shared/schemas/admin-mail';
import { getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const adminMailQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.adminMail.list({ page }),
    queryFn: ({ signal }) =>
      getPage<AdminMail>(
        '/api/admin/mail',
        { limit: ADMIN_MAIL_PAGE_SIZE, offset: (page - 1) * ADMIN_MAIL_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    // Delivery happens in the background: a retried mail changes state on its own.
    refetchInterval: 30_000,
  });

export const useAdminMail = (page: number) => useQuery(adminMailQueryOptions(page));
