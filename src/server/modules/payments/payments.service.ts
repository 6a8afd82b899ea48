import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import { formatCents, fromCents, toCents, type Cents } from '../../../shared/money';
import {
  CARD_PAYMENT_MIN,
  CARD_PAYMENTS_UNAVAILABLE,
  type CheckoutBody,
} from '../../../shared/schemas/payments';
import { actingUser, type Context } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { findTenancyOfAccount, listLeasesOfTenantAccount } from '../authz';
import { listEntries, ledgerOf, recordPayment } from '../ledger';
import { currentOrLatest } from '../portal';
import { checkoutSessionsTable } from './payments.table';

/** The currency of every session this server creates, as Stripe writes it. */
export const CHECKOUT_CURRENCY = 'usd';

/** Both calls on a server without Stripe keys. */
export const cardPaymentsUnavailable = () =>
  notFound('payments.unavailable', CARD_PAYMENTS_UNAVAILABLE);

/** What a tenant is about to pay by card, and for which lease. */
export interface CheckoutTarget {
  leaseId: number;
  tenantAccountId: number;
  amount: Cents;
  /** The line the tenant reads on Stripe's page and their card statement. */
  description: string;
}

/**
 * The lease the tenant's home shows (their tenancy's current or latest lease) and what they
 * may pay on it: the amount asked, or the whole balance, never more than is owed. Only reads:
 * the session is created at Stripe outside any transaction.
 */
export async function prepareCheckout(ctx: Context, body: CheckoutBody): Promise<CheckoutTarget> {
  const user = actingUser(ctx);
  const tenancy = await findTenancyOfAccount(ctx.tx, ctx.actor);
  const lease = tenancy
    ? currentOrLatest(
        await listLeasesOfTenantAccount(ctx.tx, ctx.actor),
        calendarDate(ctx.now, ctx.timeZone),
      )
    : undefined;
  if (!tenancy || !lease) {
    throw notFound('payments.no_lease', 'You have no lease to pay rent on');
  }
  const owed = toCents(ledgerOf(lease.id, await listEntries(ctx.tx, lease)).balance);
  if (owed <= 0) throw badRequest('payments.nothing_owed', 'You owe nothing right now', 'amount');
  const amount = body.amount === undefined ? owed : toCents(body.amount);
  if (amount > owed) {
    throw badRequest(
      'payments.more_than_owed',
      `Amount cannot be more than you owe (${formatCents(owed)})`,
      'amount',
    );
  }
  if (amount < toCents(CARD_PAYMENT_MIN)) {
    throw badRequest(
      'payments.below_card_minimum',
      'Amount must be at least $0.50 to pay by card',
      'amount',
    );
  }
  return {
    leaseId: lease.id,
    tenantAccountId: user.id,
    amount,
    description: `Rent for Unit ${tenancy.unit.unitNumber}, ${tenancy.property.name}`,
  };
}

/**
 * Stores the session Stripe created (the only sessions the webhook will record a payment for)
 * and leaves a trail that the tenant went to pay, so a payment that never arrives can be traced.
 * The tenant is sent to Stripe's page only after this commits.
 */
export async function recordCheckoutStarted(
  ctx: Context,
  { target, sessionId }: { target: CheckoutTarget; sessionId: string },
): Promise<void> {
  await ctx.tx.insert(checkoutSessionsTable).values({
    providerSessionId: sessionId,
    leaseId: target.leaseId,
    tenantUserId: target.tenantAccountId,
    amount: target.amount,
    currency: CHECKOUT_CURRENCY,
  });
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: target.leaseId,
    action: 'payments.checkout',
    after: { checkoutSessionId: sessionId, amount: fromCents(target.amount) },
  });
}

/** A payment Stripe has confirmed, read from a verified webhook event. */
export interface CardPayment {
  /** What the session's metadata names, if anything: logged, never trusted. */
  claimedLeaseId: string | null;
  amount: Cents;
  currency: string;
  /** When Stripe created the event. */
  paidAt: Date;
  checkoutSessionId: string;
}

/**
 * One key per Checkout Session: Stripe delivers an event at least once and may send two
 * events for one paid session, and each of them must find the payment the first stored.
 */
export function idempotencyKeyOf(checkoutSessionId: string): string {
  return /^[A-Za-z0-9_-]{1,90}$/.test(checkoutSessionId)
    ? `stripe_${checkoutSessionId}`
    : `stripe_${createHash('sha256').update(checkoutSessionId).digest('hex')}`;
}

/** Why a paid session is not recorded: the webhook logs it and acknowledges the event. */
export type CardPaymentOutcome =
  | { recorded: boolean; leaseId: number }
  | { ignored: 'unknown session' | 'amount differs' | 'currency differs' };

/**
 * Records a card payment through the ledger (which notifies the tenant), dated the day
 * Stripe saw it in the landlord's calendar. Runs as the system: the webhook has no user.
 * Only a session this server created counts, on the lease it was created for, and only when
 * the event's amount and currency are the ones stored (docs/product.md, 'Paying rent online').
 */
export async function recordCardPayment(
  ctx: Context,
  payment: CardPayment,
): Promise<CardPaymentOutcome> {
  const [session] = await ctx.tx
    .select()
    .from(checkoutSessionsTable)
    .where(eq(checkoutSessionsTable.providerSessionId, payment.checkoutSessionId));
  if (!session) return { ignored: 'unknown session' };
  if (session.currency !== payment.currency) return { ignored: 'currency differs' };
  if (session.amount !== payment.amount) return { ignored: 'amount differs' };
  const paidOn = calendarDate(payment.paidAt, ctx.timeZone);
  const today = calendarDate(ctx.now, ctx.timeZone);
  const entry = await recordPayment(ctx, {
    leaseId: session.leaseId,
    body: {
      amount: fromCents(session.amount),
      // A clock a little behind Stripe's must not make the payment 'in the future'.
      entryDate: paidOn > today ? today : paidOn,
      method: 'card',
      reference: payment.checkoutSessionId.slice(0, 100),
      note: 'Paid online by card',
      idempotencyKey: idempotencyKeyOf(payment.checkoutSessionId),
    },
  });
  return { recorded: entry !== null, leaseId: session.leaseId };
}
