import { Alert, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatDate, isRealDate } from '../../../../shared/dates';
import type {
  PostingPreview as Preview,
  PostingPreviewBodyInput,
} from '../../../../shared/schemas/lease-books';
import type { Lease } from '../../../../shared/schemas/leases';
import { useConfirmation, type Confirmation } from '../../../components/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { postingPreviewOptions, usePostingPreview } from '../api/lease-books';
import { booksBody, type BookValues } from './opening-balance-fieldset';
import { dueDayBody, type DueDayValues } from './rent-due-day-field';

type TermValues = BookValues &
  DueDayValues & {
    startDate: string;
    endDate: string;
    rent: number | string;
    status: Lease['status'];
  };

const charges = (n: number) => (n === 1 ? '1 charge' : `${n} charges`);

/** The terms as the preview reads them, once they read as a lease; else undefined. */
export function postingTerms(
  values: TermValues,
  leaseId: number | undefined,
): PostingPreviewBodyInput | undefined {
  const { startDate, endDate, rent, status } = values;
  if (!isRealDate(startDate) || !isRealDate(endDate) || endDate < startDate) return undefined;
  if (typeof rent !== 'number') return undefined;
  const books = booksBody(values, leaseId !== undefined);
  const opening = books.openingBalance;
  return {
    ...(leaseId === undefined ? {} : { leaseId }),
    startDate,
    endDate,
    rent,
    status,
    rentDueDay: dueDayBody(values).rentDueDay,
    rentChargedFrom: books.rentChargedFrom,
    openingBalance: typeof opening === 'number' ? opening : null,
  };
}

/** What the save will do to the ledger, one sentence each (docs/product.md section 28). */
export function previewLines(preview: Preview): string[] {
  const lines: string[] = [];
  const { post, reverse } = preview;
  if (post.count > 0) {
    const first = post.periods[0]!.dueDate;
    const last = post.periods.at(-1)!.dueDate;
    const span =
      first === last
        ? `for ${formatDate(first)}`
        : `from ${formatDate(first)} to ${formatDate(last)}`;
    lines.push(
      `This will post ${charges(post.count)} totalling ${formatMoney(post.total)}, ${span}.`,
    );
  }
  if (reverse.count > 0) {
    lines.push(
      `This will reverse ${charges(reverse.count)} totalling ${formatMoney(reverse.total)} (${reverse.entries.map((e) => e.period).join(', ')}): the new dates no longer cover them.`,
    );
  }
  if (preview.opening) {
    const side = preview.opening.kind === 'charge' ? 'owed' : 'in credit';
    lines.push(
      `An opening balance of ${formatMoney(preview.opening.amount)} ${side} is recorded on ${formatDate(preview.opening.entryDate)}.`,
    );
  }
  if (preview.notReposted.length > 0) {
    lines.push(
      `Rent for ${preview.notReposted.join(', ')} was reversed before and is not posted again; charge it by hand if it is owed.`,
    );
  }
  return lines;
}

/** Beside the form: what saving the terms typed so far would post or reverse. */
export function PostingPreview({ terms }: { terms: PostingPreviewBodyInput | undefined }) {
  // Terms are made anew at each render: a string keeps the debounce still while they stay.
  const [settledText] = useDebouncedValue(terms ? JSON.stringify(terms) : '', 300);
  const settled = settledText ? (JSON.parse(settledText) as PostingPreviewBodyInput) : undefined;
  const preview = usePostingPreview(settled);
  const lines = preview.data ? previewLines(preview.data) : [];
  if (!settled || lines.length === 0) return null;
  return (
    <Alert
      color={preview.data?.needsConfirmation ? 'orange' : 'blue'}
      title="On saving"
      // Orange text on the light orange fill fails contrast: the title keeps the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="status"
      aria-live="polite"
    >
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {preview.data?.needsConfirmation ? (
        <Text size="sm" mt="xs">
          More than {preview.data.limit} past periods: you will be asked to confirm.
        </Text>
      ) : null}
    </Alert>
  );
}

function postingConfirmation(preview: Preview): Confirmation {
  const back = preview.needsConfirmation;
  return {
    title: back
      ? `Post ${preview.post.count} months of past rent?`
      : `Reverse ${charges(preview.reverse.count)}?`,
    happens: previewLines(preview),
    cannotUndo:
      'Posted charges and reversals stay on the ledger: a charge can be reversed, never removed. If the start date or the first rent to charge is wrong, correct it before saving.',
    confirmLabel: back ? `Post ${charges(preview.post.count)}` : 'Save and reverse',
    danger: !back,
  };
}

/**
 * Asks before a save that posts more than a year of past rent or reverses charges, from a
 * preview read at that moment; a confirmed save says so (`confirmBackPosting`).
 */
export function usePostingConfirmation() {
  const queryClient = useQueryClient();
  const { ask, dialog } = useConfirmation();
  const confirmed = useRef(false);
  async function confirm(terms: PostingPreviewBodyInput | undefined): Promise<boolean> {
    confirmed.current = false;
    if (!terms) return true;
    let preview: Preview;
    try {
      preview = await queryClient.fetchQuery(postingPreviewOptions(terms));
    } catch {
      // The save itself will say what is wrong with the terms.
      return true;
    }
    if (!preview.needsConfirmation && preview.reverse.count === 0) return true;
    const yes = await ask(postingConfirmation(preview));
    confirmed.current = yes && preview.needsConfirmation;
    return yes;
  }
  const withConfirmation = <Body extends object>(body: Body) =>
    confirmed.current ? { ...body, confirmBackPosting: true } : body;
  return { confirm, withConfirmation, dialog };
}
