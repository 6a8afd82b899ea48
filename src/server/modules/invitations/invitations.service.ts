import type { Role } from '../../../shared/constants';
import {
  ACCOUNT_LINKED_TO_OTHER_STAFF,
  ACCOUNT_LINKED_TO_OTHER_TENANT,
  INVITATION_EXPIRED,
  INVITATION_NOT_PENDING,
  INVITATION_NOT_VALID,
  INVITATION_REVOKED,
  INVITATION_TTL_DAYS,
  INVITATION_TTL_MS,
  INVITATION_USED,
  MAINTENANCE_ROLE_NEEDED,
  STAFF_ALREADY_LINKED,
  TENANT_ALREADY_LINKED,
  TENANT_INVITATION_PENDING,
  TENANT_ROLE_NEEDED,
  type AcceptedInvitation,
  type BulkInviteResult,
  type CreatedInvitation,
  type Invitation,
  type InvitationKind,
  type InvitationList,
  type InvitationPreview,
} from '../../../shared/schemas/invitations';
import { actingUser, type Actor, type Context } from '../../context';
import type { Database } from '../../db/client';
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../http/errors';
import { recordEvent } from '../audit';
import { hashOneTimeCode, newOneTimeCode } from '../auth';
import { requireManagedStaff, requireManagedTenant, scopeFor } from '../authz';
import { enqueueMail } from '../mail';
import type { StaffRow } from '../staff';
import type { TenantRow } from '../tenants';
import {
  describeInvitedRecord,
  findInvitation,
  findPendingInvitation,
  insertInvitation,
  findPastTenancyOfAccount,
  isAccountLinked,
  unlinkTenant,
  linkRecord,
  listInvitations,
  lockInvitedRecord,
  markInvitationAccepted,
  markInvitationRevoked,
  recordOf,
  revokePendingInvitations,
  invitationState,
  isCreatorDisabled,
  toInvitation,
  type InvitedRecord,
  type ManagedRecord,
} from './invitations.repository';
import type { InvitationRow } from './invitations.table';

/**
 * Portal invitations (decision 0011, docs/product.md section 13). A landlord makes a
 * one-time link for a tenant or staff record they manage; the account that accepts it (with
 * the matching role) becomes the record's user_id. Nothing else ever sets that link.
 */

const INVITATION_NOT_FOUND = () => notFound('invitations.not_found', 'Invitation not found');

const entityOf = (kind: InvitationKind) => (kind === 'tenant' ? 'tenants' : 'staff');

const ALREADY_LINKED: Record<InvitationKind, string> = {
  tenant: TENANT_ALREADY_LINKED,
  staff: STAFF_ALREADY_LINKED,
};
const ACCOUNT_ALREADY_LINKED: Record<InvitationKind, string> = {
  tenant: ACCOUNT_LINKED_TO_OTHER_TENANT,
  staff: ACCOUNT_LINKED_TO_OTHER_STAFF,
};
/** The role an account needs to act as a record of each kind. */
const ROLE_NEEDED: Record<InvitationKind, { role: Role; message: string }> = {
  tenant: { role: 'Tenant', message: TENANT_ROLE_NEEDED },
  staff: { role: 'Maintenance', message: MAINTENANCE_ROLE_NEEDED },
};

/** The record, if the actor manages it; another landlord's answers 404 as a missing one. */
function requireManagedRecord(
  db: Database,
  actor: Actor,
  { kind, id }: InvitedRecord,
  lookup: { lock?: boolean } = {},
): Promise<TenantRow | StaffRow> {
  return kind === 'tenant'
    ? requireManagedTenant(db, actor, id, lookup)
    : requireManagedStaff(db, actor, id, lookup);
}

/** GET /api/{tenants,staff}/{id}/invitations: a read, for the record's manager. */
export async function readInvitations(
  { tx, actor, now }: Context,
  record: InvitedRecord,
): Promise<InvitationList> {
  const row = await requireManagedRecord(tx, actor, record);
  return listInvitations(
    tx,
    { ...record, userId: row.userId, organisationId: row.organisationId },
    now,
  );
}

function invitationMailText(
  about: Omit<InvitationPreview, 'expiresAt'>,
  link: string,
  expiresAt: Date,
): string {
  const where =
    about.kind === 'tenant'
      ? `your home at ${about.propertyName}${about.unitNumber ? `, unit ${about.unitNumber}` : ''}`
      : `your work at ${about.propertyName}`;
  const role = about.kind === 'tenant' ? 'Tenant' : 'Maintenance';
  return [
    `Hello ${about.name},`,
    '',
    `${about.landlordName} invites you to Porchlight, to see ${where} online.`,
    `Open this link, then log in with a ${role} account (or sign up for one) and accept:`,
    '',
    link,
    '',
    `The link works once, until ${expiresAt.toUTCString()} (${INVITATION_TTL_DAYS} days).`,
    '',
    'If you did not expect this, ignore this email.',
  ].join('\n');
}

/**
 * A new invitation for a record the caller manages. Its earlier invitations that still work
 * are withdrawn (one live link at a time). The code is in the answer (and, when the server
 * sends mail, in a mail to the record's email through the outbox), never in the database.
 */
export async function createInvitation(
  ctx: Context,
  { record, publicUrl }: { record: InvitedRecord; publicUrl: string | null },
): Promise<CreatedInvitation> {
  // Locked first, always before its invitations: re-issues and accepts of one record queue.
  const row = await requireManagedRecord(ctx.tx, ctx.actor, record, { lock: true });
  if (row.userId !== null) {
    throw conflict('invitations.record_linked', ALREADY_LINKED[record.kind]);
  }
  const entityType = entityOf(record.kind);
  const managed = { ...record, organisationId: row.organisationId };
  for (const revokedId of await revokePendingInvitations(ctx.tx, managed, ctx.now)) {
    await recordEvent(ctx, {
      entityType,
      entityId: record.id,
      action: 'revoke_invitation',
      after: { invitationId: revokedId, reason: 'replaced by a new invitation' },
    });
  }
  const { code, codeHash } = newOneTimeCode();
  const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_MS);
  const invitation = await insertInvitation(ctx.tx, {
    record,
    codeHash,
    createdById: ctx.actor.kind === 'user' ? ctx.actor.user.id : null,
    createdAt: ctx.now,
    expiresAt,
  });
  const path = `/invitations/${code}`;
  let emailedTo: string | null = null;
  if (publicUrl && row.email) {
    const about = await describeInvitedRecord(ctx.tx, managed);
    if (about) {
      await enqueueMail(ctx, {
        key: `invitation:${invitation.id}`,
        to: row.email,
        subject: `${about.landlordName} invites you to Porchlight`,
        text: invitationMailText(about, `${publicUrl}${path}`, expiresAt),
      });
      emailedTo = row.email;
    }
  }
  await recordEvent(ctx, {
    entityType,
    entityId: record.id,
    action: 'invite',
    after: { invitationId: invitation.id, expiresAt, emailedTo },
  });
  return { invitation: toInvitation(invitation, ctx.now), path, emailedTo };
}

/**
 * 'Invite to portal' for many tenants at once (docs/product.md section 13): each is invited
 * as by their own page, except those an account already acts as and those whose earlier link
 * still works, which are skipped and said so (their link is not replaced behind their back).
 * One transaction: a tenant the caller does not manage refuses the whole call (404), and
 * nothing is made.
 */
export async function inviteTenants(
  ctx: Context,
  { tenantIds, publicUrl }: { tenantIds: number[]; publicUrl: string | null },
): Promise<BulkInviteResult[]> {
  const ids = [...new Set(tenantIds)];
  // Every tenant is checked, in id order (one lock order), before anything is written.
  const tenants = new Map<number, TenantRow>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    tenants.set(id, await requireManagedTenant(ctx.tx, ctx.actor, id, { lock: true }));
  }
  const results: BulkInviteResult[] = [];
  for (const id of ids) {
    const tenant = tenants.get(id)!;
    const record: ManagedRecord = { kind: 'tenant', id, organisationId: tenant.organisationId };
    const about = await describeInvitedRecord(ctx.tx, record);
    const row = {
      tenantId: id,
      name: `${tenant.firstName} ${tenant.lastName}`,
      unitNumber: tenant.unitNumber,
      propertyName: about?.propertyName ?? '',
    };
    const skipped = { path: null, emailedTo: null, expiresAt: null };
    if (tenant.userId !== null) {
      results.push({ ...row, ...skipped, outcome: 'linked', message: TENANT_ALREADY_LINKED });
    } else if (await findPendingInvitation(ctx.tx, record, ctx.now)) {
      results.push({ ...row, ...skipped, outcome: 'pending', message: TENANT_INVITATION_PENDING });
    } else {
      const made = await createInvitation(ctx, { record, publicUrl });
      results.push({
        ...row,
        outcome: 'invited',
        message: null,
        path: made.path,
        emailedTo: made.emailedTo,
        expiresAt: made.invitation.expiresAt,
      });
    }
  }
  return results;
}

/** Withdraws a pending invitation of a record the caller manages. */
export async function revokeInvitation(ctx: Context, id: number): Promise<Invitation> {
  // Read in the organisation the member acts for (decision 0030): another's answers 404, as
  // the check of its record below would. An Admin's reaches every organisation's.
  const scope = scopeFor(ctx.actor);
  const found = await findInvitation(ctx.tx, {
    id,
    organisationId: scope.kind === 'organisation' ? scope.organisationId : undefined,
  });
  if (!found) throw INVITATION_NOT_FOUND();
  const record = recordOf(found);
  try {
    await requireManagedRecord(ctx.tx, ctx.actor, record, { lock: true });
  } catch (error) {
    // Another landlord's invitation is a missing one, not a missing tenant.
    if (error instanceof AppError && error.statusCode === 404) throw INVITATION_NOT_FOUND();
    throw error;
  }
  const locked = await findInvitation(
    ctx.tx,
    { id, organisationId: found.organisationId },
    { lock: true },
  );
  if (!locked) throw INVITATION_NOT_FOUND();
  if (invitationState(locked, ctx.now) !== 'pending') {
    throw conflict('invitations.not_pending', INVITATION_NOT_PENDING);
  }
  const after = await markInvitationRevoked(ctx.tx, locked, ctx.now);
  await recordEvent(ctx, {
    entityType: entityOf(record.kind),
    entityId: record.id,
    action: 'revoke_invitation',
    after: { invitationId: id },
  });
  return toInvitation(after, ctx.now);
}

/** A link that no longer works answers 410 Gone; one that never existed, 404. */
function requireUsable(row: InvitationRow | undefined, now: Date): InvitationRow {
  if (!row) throw notFound('invitations.not_valid', INVITATION_NOT_VALID);
  switch (invitationState(row, now)) {
    case 'accepted':
      throw new AppError(410, 'invitations.used', INVITATION_USED);
    case 'revoked':
      throw new AppError(410, 'invitations.revoked', INVITATION_REVOKED);
    case 'expired':
      throw new AppError(410, 'invitations.expired', INVITATION_EXPIRED);
    case 'pending':
      return row;
  }
}

/**
 * A pending invitation whose maker's account still works: disabling an account withdraws
 * the invitations it made, and this is the backstop for any made meanwhile.
 */
async function requireVouched(
  db: Database,
  row: InvitationRow | undefined,
  now: Date,
): Promise<InvitationRow> {
  const usable = requireUsable(row, now);
  if (await isCreatorDisabled(db, usable)) {
    throw new AppError(410, 'invitations.revoked', INVITATION_REVOKED);
  }
  return usable;
}

/** GET /api/invitations/by-code/{code}: what the invitation page shows (public: the code is the key). */
export async function previewInvitation(
  { tx: db, now }: Context,
  code: string,
): Promise<InvitationPreview> {
  const row = await requireVouched(
    db,
    await findInvitation(db, { codeHash: hashOneTimeCode(code) }),
    now,
  );
  const about = await describeInvitedRecord(db, recordOf(row));
  if (!about) throw notFound('invitations.not_valid', INVITATION_NOT_VALID);
  return { ...about, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The logged-in account accepts: the record's user_id becomes the account and the
 * invitation is used up, in one transaction. The record and then the invitation are locked
 * (the order every invitation write takes), so of two accepts of one code exactly one wins;
 * the other then finds it used (410).
 */
export async function acceptInvitation(ctx: Context, code: string): Promise<AcceptedInvitation> {
  const user = actingUser(ctx);
  const found = await findInvitation(ctx.tx, { codeHash: hashOneTimeCode(code) });
  if (!found) throw notFound('invitations.not_valid', INVITATION_NOT_VALID);
  const record = recordOf(found);
  const target = await lockInvitedRecord(ctx.tx, record);
  const invitation = await requireVouched(
    ctx.tx,
    target
      ? await findInvitation(
          ctx.tx,
          { id: found.id, organisationId: found.organisationId },
          { lock: true },
        )
      : undefined,
    ctx.now,
  );
  const needed = ROLE_NEEDED[record.kind];
  if (!user.roles.includes(needed.role)) throw forbidden(needed.message);
  if (target!.userId !== null) {
    throw conflict('invitations.record_linked', ALREADY_LINKED[record.kind]);
  }
  const accountLinked = () =>
    conflict('invitations.account_linked', ACCOUNT_ALREADY_LINKED[record.kind]);
  if (await isAccountLinked(ctx.tx, record.kind, user.id)) {
    // A tenant who moved to another unit (a move-out, then a new tenancy) keeps their login:
    // it leaves the past tenancy for the new one. A current link is never taken away.
    const past =
      record.kind === 'tenant' ? await findPastTenancyOfAccount(ctx.tx, user.id) : undefined;
    if (!past) throw accountLinked();
    await unlinkTenant(ctx.tx, past.id);
    await recordEvent(ctx, {
      entityType: 'tenants',
      entityId: past.id,
      action: 'portal_moved_on',
      before: { userId: user.id },
      after: { userId: null },
    });
  }
  try {
    // In a savepoint: a link made meanwhile by another accept of this account is a 409.
    await ctx.tx.transaction((savepoint) => linkRecord(savepoint, record, user.id));
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw accountLinked();
    throw error;
  }
  await markInvitationAccepted(ctx.tx, invitation.id, { now: ctx.now, userId: user.id });
  await recordEvent(ctx, {
    entityType: entityOf(record.kind),
    entityId: record.id,
    action: 'accept_invitation',
    before: { userId: null, invitationId: null },
    after: { userId: user.id, invitationId: invitation.id },
  });
  return {
    kind: record.kind,
    tenantId: record.kind === 'tenant' ? record.id : null,
    staffId: record.kind === 'staff' ? record.id : null,
  };
}
