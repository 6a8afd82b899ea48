import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PostingPreview,
  PostingPreviewBodyInput,
  VoidLeaseBody,
} from '../../../../shared/schemas/lease-books';
import type { Lease } from '../../../../shared/schemas/leases';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

/** What saving these terms would post or reverse now (docs/product.md section 28). */
export const postingPreviewOptions = (terms: PostingPreviewBodyInput) =>
  queryOptions({
    queryKey: [...queryKeys.leases.all, 'posting-preview', terms] as const,
    queryFn: () => api.post<PostingPreview>('/api/leases/posting-preview', terms),
    retry: false,
    // The ledger moves under it (the rent job, a payment): read again at each save.
    staleTime: 0,
  });

/** The preview of terms that read as a lease; nothing is asked for half-typed terms. */
export const usePostingPreview = (terms: PostingPreviewBodyInput | undefined) =>
  useQuery({
    ...postingPreviewOptions(terms ?? { startDate: '', endDate: '', rent: 0 }),
    enabled: terms !== undefined,
    placeholderData: keepPreviousData,
  });

export const voidLease = ({ id, body }: { id: number; body: VoidLeaseBody }) =>
  api.post<Lease>(`/api/leases/${id}/void`, body);

/** Voiding reverses the ledger and ends the lease. */
export const useVoidLease = () =>
  useChangingMutation({ mutationFn: voidLease, changes: ['lease', 'ledger'] });
