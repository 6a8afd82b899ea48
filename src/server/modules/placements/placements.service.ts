import { calendarDate } from '../../../shared/dates';
import type { LeaseDeposit } from '../../../shared/schemas/deposits';
import type { CreatedInvitation } from '../../../shared/schemas/invitations';
import type { PlacementBody } from '../../../shared/schemas/placements';
import type { Context } from '../../context';
import { AppError } from '../../http/errors';
import { recordReceipt } from '../deposits';
import { createInvitation } from '../invitations';
import type { LeaseRow } from '../leases';
import { createLease } from '../leases';
import { placeTenant } from '../tenants';
import type { TenantRow } from '../tenants';

export interface PlacementRows {
  tenant: TenantRow;
  lease: LeaseRow;
  deposit: LeaseDeposit | null;
  invitation: CreatedInvitation | null;
}

/**
 * A refusal of an inner call names the field of that call's own form ('amount' of a deposit
 * receipt); the placement form calls it something else ('depositReceived').
 */
async function renamingFields<T>(names: Record<string, string>, call: () => Promise<T>) {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, messages]) => [names[field] ?? field, messages]),
    );
    throw new AppError(error.statusCode, error.code, error.message, errors, error.headers);
  }
}

/**
 * Places a tenant in one step (docs/product.md section 13, "Placing a tenant"): the tenant on
 * the unit, their lease, the deposit received and, if asked, the portal invitation. Each part
 * is the service its own form calls, with this context, so its rules and its audit event are
 * the same; they share one transaction, so a refusal of any part leaves nothing behind.
 */
export async function placeTenantWithLease(
  ctx: Context,
  { body, publicUrl }: { body: PlacementBody; publicUrl: string | null },
): Promise<PlacementRows> {
  const {
    unitId,
    firstName,
    lastName,
    phoneNumber,
    email,
    depositReceived,
    depositReceivedOn,
    invite,
    ...terms
  } = body;
  const tenant = await placeTenant(ctx, {
    unitId,
    unitNumber: null,
    firstName,
    lastName,
    phoneNumber,
    email,
  });
  const lease = await createLease(ctx, { ...terms, tenantId: tenant.id });
  const deposit = depositReceived
    ? await renamingFields({ amount: 'depositReceived', date: 'depositReceivedOn' }, () =>
        recordReceipt(ctx, {
          leaseId: lease.id,
          body: {
            amount: depositReceived,
            date: depositReceivedOn ?? calendarDate(ctx.now, ctx.timeZone),
            description: null,
          },
        }),
      )
    : null;
  const invitation = invite
    ? await createInvitation(ctx, { record: { kind: 'tenant', id: tenant.id }, publicUrl })
    : null;
  return { tenant, lease, deposit, invitation };
}
