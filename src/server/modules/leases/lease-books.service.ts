import { calendarDate, formatDate } from '../../../shared/dates';
import { formatCents, fromCents, sumCents, toCents, type Cents } from '../../../shared/money';
import type { PostingPreview, PostingPreviewBody } from '../../../shared/schemas/lease-books';
import { MAX_BACK_POSTING } from '../../../shared/schemas/leases';
import type { Context } from '../../context';
import { AppError } from '../../http/errors';
import { recordEvent } from '../audit';
import { requireManagedLease } from '../authz';
import {
  postOpeningEntry,
  postRentPeriods,
  reverseEntries,
  findRentRulesOfUnit,
  findRentRulesOfUser,
  listEntries,
  chargedPeriods,
  planRent,
  type RentPlan,
} from '../ledger';
import type { RentRules } from '../ledger';
import { datedTerms } from './leases.repository';
import type { LeaseRow } from './leases.table';

/**
 * A lease's books (docs/product.md section 28): where an existing lease's charging starts, its
 * opening entry, the preview of what a save posts or reverses, and the confirmation that
 * posting more than a year back needs.
 */

/** A lease not stored yet: only what rent posting reads matters, from the terms. */
const NEW_LEASE: LeaseRow = {
  id: 0,
  organisationId: 0,
  tenantId: 0,
  unitId: 0,
  unitNumber: '',
  firstName: '',
  lastName: '',
  startDate: '',
  endDate: '',
  rent: toCents(0),
  deposit: toCents(0),
  status: 'Active',
  endedOn: null,
  endReason: null,
  renewedFromId: null,
  lateFeeKind: null,
  lateFeeAmount: null,
  lateFeePercent: null,
  lateFeeGraceDays: null,
  lateFeeCap: null,
  lateFeeSince: null,
  rentChargedFrom: null,
  rentDueDay: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const total = (amounts: Cents[]) => fromCents(sumCents(amounts));

/** The first due date the lease charges, else its start: where its opening entry is dated. */
export function openingDate(lease: LeaseRow, rules: RentRules): string {
  return chargedPeriods(lease, rules)[0]?.dueDate ?? lease.startDate;
}

/**
 * The rules the rent job will post this lease by: its landlord's. A lease not made yet has no
 * unit here, so its preview follows the rules of the landlord writing it.
 */
async function rulesOf(ctx: Context, lease: LeaseRow): Promise<RentRules> {
  if (lease.unitId) {
    return findRentRulesOfUnit(ctx.tx, { id: lease.unitId, organisationId: lease.organisationId });
  }
  return ctx.actor.kind === 'user' ? findRentRulesOfUser(ctx.tx, ctx.actor.user.id) : {};
}

/**
 * A save that would post more than a year of past rent is refused unless it says it was
 * confirmed (a wrong year must not post 120 charges silently). 422: the request is well formed.
 */
export function refuseUnconfirmedBackPosting(plan: RentPlan, confirmed: boolean | undefined) {
  if (confirmed || plan.post.length <= MAX_BACK_POSTING) return;
  const first = plan.post[0]!;
  throw new AppError(
    422,
    'leases.back_posting_unconfirmed',
    `This will post ${plan.post.length} charges totalling ${formatCents(sumCents(plan.post.map((p) => p.amount)))}, back to ${formatDate(first.dueDate)}. ` +
      `Posting more than ${MAX_BACK_POSTING} past periods needs confirmation (confirmBackPosting: true); ` +
      'or set the first rent to charge to where your books are.',
    { confirmBackPosting: ['Confirm posting more than 12 past rent periods'] },
  );
}

/** What saving these terms posts or reverses now; nothing is written. */
export async function previewPosting(
  ctx: Context,
  body: PostingPreviewBody,
): Promise<PostingPreview> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const before = body.leaseId
    ? await requireManagedLease(ctx.tx, ctx.actor, body.leaseId)
    : undefined;
  const after: LeaseRow = { ...(before ?? NEW_LEASE), ...datedTerms(body, today, before) };
  const entries = before ? await listEntries(ctx.tx, before) : [];
  const rules = await rulesOf(ctx, after);
  const plan = planRent({ before, after, entries, today, rules });
  const opening = before ? 0 : toCents(body.openingBalance ?? 0);
  const charged = chargedPeriods(after, rules)[0];
  return {
    post: {
      count: plan.post.length,
      total: total(plan.post.map((p) => p.amount)),
      periods: plan.post.map((p) => ({ ...p, amount: fromCents(p.amount) })),
    },
    reverse: {
      count: plan.reverse.length,
      total: total(plan.reverse.map((e) => e.amount)),
      entries: plan.reverse.map((e) => ({
        entryId: e.id,
        period: e.period!,
        entryDate: e.entryDate,
        amount: fromCents(e.amount),
      })),
    },
    notReposted: plan.notReposted,
    opening:
      opening === 0
        ? null
        : {
            kind: opening > 0 ? 'charge' : 'credit',
            amount: Math.abs(fromCents(opening)),
            entryDate: openingDate(after, rules),
          },
    firstChargedDate: charged?.dueDate ?? null,
    needsConfirmation: plan.post.length > MAX_BACK_POSTING,
    limit: MAX_BACK_POSTING,
  };
}

/**
 * A new lease's books: the back-posting check, and its opening entry. Its rent is posted by
 * the rent job, as every lease's (decision 0015), from its first charged period.
 */
export async function openBooks(
  ctx: Context,
  lease: LeaseRow,
  input: { openingBalance?: number | null | undefined; confirmed: boolean },
): Promise<void> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const rules = await rulesOf(ctx, lease);
  refuseUnconfirmedBackPosting(
    planRent({ after: lease, entries: [], today, rules }),
    input.confirmed,
  );
  await postOpeningEntry(ctx, {
    leaseId: lease.id,
    balance: toCents(input.openingBalance ?? 0),
    entryDate: openingDate(lease, rules),
  });
}

/**
 * An edited lease's books, in the save's transaction: charges of periods the new terms no
 * longer cover are reversed, periods now due are posted, and one event says so.
 */
export async function rebook(
  ctx: Context,
  input: { before: LeaseRow; after: LeaseRow; confirmed: boolean | undefined },
): Promise<void> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const entries = await listEntries(ctx.tx, input.after);
  const plan = planRent({ ...input, entries, today, rules: await rulesOf(ctx, input.after) });
  refuseUnconfirmedBackPosting(plan, input.confirmed);
  if (plan.post.length === 0 && plan.reverse.length === 0) return;
  const reason = `Lease dates changed to ${formatDate(input.after.startDate)} - ${formatDate(input.after.endDate)}`;
  await reverseEntries(ctx, plan.reverse, reason);
  const posted = await postRentPeriods(ctx, input.after.id, plan.post);
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: input.after.id,
    action: 'ledger.rebook',
    after: {
      posted: posted.length,
      postedAmount: total(posted.map((row) => row.amount)),
      reversed: plan.reverse.length,
      reversedAmount: total(plan.reverse.map((row) => row.amount)),
      periodsPosted: posted.map((row) => row.period ?? ''),
      periodsReversed: plan.reverse.map((row) => row.period ?? ''),
    },
  });
}
