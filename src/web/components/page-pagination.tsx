import { Pagination } from '@mantine/core';

/** Page buttons named for screen readers ('Previous page', 'Page 3'), for lists paged by number. */
export function PagePagination({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange(page: number): void;
}) {
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({
        'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
      })}
      getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
    />
  );
}
