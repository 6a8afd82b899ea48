import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list screen's query: its page and the search, sort and filters the address holds. */
type ListQuery = Record<string, string | number | undefined>;

/**
 * The address of a list's CSV download with the screen's search, sort and filters, but not
 * its page: the file holds every matching row.
 */
export function csvHref(path: string, query: ListQuery = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === 'limit' || name === 'offset' || value === undefined || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A plain link that looks like a button: the browser downloads the file itself (the server
 * names it), so a long list streams to disk instead of through a script's memory.
 */
export function DownloadButton({
  href,
  children,
  ...props
}: { href: string; children: ReactNode } & ButtonProps) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      {...props}
    >
      {children}
    </Button>
  );
}

/** 'Download CSV' for a list screen: `path` is the list's .csv address, `query` its current view. */
export function DownloadCsvButton({ path, query }: { path: string; query?: ListQuery }) {
  return <DownloadButton href={csvHref(path, query)}>Download CSV</DownloadButton>;
}
