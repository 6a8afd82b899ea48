import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PagePagination } from './page-pagination';
import { EmptyState, ErrorBanner, LoadingState } from './page-states';

interface PagedCardListProps {
  isPending: boolean;
  /** Why the page failed to load, or null. */
  error: string | null;
  /** How many cards this page holds (0 shows the empty state). */
  count: number;
  loadingLabel: string;
  empty: { title: string; description: ReactNode };
  /** Names and marks the list for screen readers where the screen has more than one. */
  listProps?: { 'aria-label'?: string; 'aria-busy'?: boolean; m?: number };
  /** All the cards there are, over every page. */
  total: number;
  pageSize: number;
  page: number;
  onPageChange(page: number): void;
  /** The cards, each an <li>. */
  children: ReactNode;
}

/** A newest-first list of cards paged by number, with its loading, error and empty states. */
export function PagedCardList({
  isPending,
  error,
  count,
  loadingLabel,
  empty,
  listProps,
  total,
  pageSize,
  page,
  onPageChange,
  children,
}: PagedCardListProps) {
  let body: ReactNode;
  if (isPending) body = <LoadingState label={loadingLabel} />;
  else if (error !== null) body = <ErrorBanner>{error}</ErrorBanner>;
  else if (count === 0) {
    body = (
      <Paper withBorder radius="md">
        <EmptyState title={empty.title}>{empty.description}</EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }} {...listProps}>
        {children}
      </Stack>
    );
  }
  return (
    <>
      {body}
      {total > pageSize ? (
        <PagePagination pages={Math.ceil(total / pageSize)} page={page} onChange={onPageChange} />
      ) : null}
    </>
  );
}
