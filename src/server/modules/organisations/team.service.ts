import { INVITATION_TTL_DAYS, INVITATION_TTL_MS } from '../../../shared/schemas/invitations';
import {
  ALREADY_MEMBER,
  LAST_OWNER,
  MEMBER_INVITATION_EXPIRED,
  MEMBER_INVITATION_NOT_PENDING,
  MEMBER_INVITATION_NOT_VALID,
  MEMBER_INVITATION_REVOKED,
  MEMBER_INVITATION_USED,
  type CreatedMemberInvitation,
  type Member,
  type MemberInvitation,
  type MemberInvitationPreview,
  type Team,
} from '../../../shared/schemas/organisations';
import type { MemberRole } from '../../../shared/constants';
import { memberMay } from '../../../shared/permissions';
import type { SignedInUser } from '../../../shared/schemas/users';
import { actingUser, type Context } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import {
  endSessionsInOrganisation,
  hashOneTimeCode,
  newOneTimeCode,
  setSessionOrganisation,
} from '../auth';
import { isAdmin } from '../authz';
import { invitationState } from '../invitations';
import { enqueueMail } from '../mail';
import type { MemberInvitationRow } from './member-invitations.table';
import { findMembership, insertMember, signedInUser } from './organisations.repository';
import {
  countOwners,
  deleteMember,
  describeMember,
  describeMemberInvitation,
  findMember,
  findMemberInvitation,
  findOrganisation,
  insertMemberInvitation,
  isMember,
  isVouchedFor,
  listMemberInvitations,
  listMembers,
  lockOrganisation,
  markMemberInvitation,
  propertiesOutsideOrganisation,
  propertyIdsOfInvitation,
  revokePendingInvitationsBy,
  renameOrganisation as writeOrganisationName,
  updateMember as writeMember,
} from './team.repository';

/**
 * The team of an organisation (decision 0029, docs/product.md section 32): its Owners invite
 * people with one-time links, change their roles and properties, and remove them. The calls
 * act on the organisation the session acts for.
 */

const NO_ORGANISATION = () =>
  notFound('organisations.none', 'You are not acting for an organisation');
const MEMBER_NOT_FOUND = () => notFound('organisations.member_not_found', 'Member not found');
const INVITATION_NOT_FOUND = () =>
  notFound('organisations.invitation_not_found', 'Invitation not found');
const INVITATION_NOT_VALID = () => notFound('invitations.not_valid', MEMBER_INVITATION_NOT_VALID);

/** The organisation the session acts for, or a 404 (an Admin who belongs to none). */
function sessionOrganisation(ctx: Context): number {
  const membership = ctx.actor.kind === 'user' ? ctx.actor.membership : null;
  if (!membership) throw NO_ORGANISATION();
  return membership.organisationId;
}

/**
 * Locks the organisation for a change of its team, then checks again, under the lock, that
 * the caller may still change it: an Owner demoted or removed by a write that committed while
 * this one waited is refused, so two Owners demoting each other cannot leave none.
 */
async function lockTeam(ctx: Context): Promise<number> {
  const organisationId = sessionOrganisation(ctx);
  const user = actingUser(ctx);
  if (!(await lockOrganisation(ctx.tx, organisationId))) throw NO_ORGANISATION();
  const membership = await findMembership(ctx.tx, user.id, organisationId);
  if (!isAdmin(user) && !(membership && memberMay(membership.role, 'members', 'write'))) {
    throw forbidden('Only an Owner can change the team');
  }
  return organisationId;
}

/** Property ids a limit may name: the organisation's own, else 404 as for a missing one. */
async function requireOwnProperties(
  ctx: Context,
  organisationId: number,
  propertyIds: number[] | null,
): Promise<number[] | null> {
  if (propertyIds === null) return null;
  const unique = [...new Set(propertyIds)].sort((a, b) => a - b);
  const outside = await propertiesOutsideOrganisation(ctx.tx, organisationId, unique);
  if (outside.length > 0) {
    throw notFound('properties.not_found', `Property ${outside[0]} not found`);
  }
  return unique;
}

/** How the trail keeps a member's properties: the ids, or that it is every one. */
const propertiesForTrail = (propertyIds: number[] | null) =>
  propertyIds === null ? 'every property' : propertyIds.map(String);

/** GET /api/organisation/team. */
export async function readTeam(ctx: Context): Promise<Team> {
  const organisationId = sessionOrganisation(ctx);
  const organisation = await findOrganisation(ctx.tx, organisationId);
  if (!organisation) throw NO_ORGANISATION();
  return {
    organisation: { id: organisation.id, name: organisation.name },
    members: await listMembers(ctx.tx, organisationId, actingUser(ctx).id),
    invitations: await listMemberInvitations(ctx.tx, organisationId, ctx.now),
  };
}

export async function renameOrganisation(
  ctx: Context,
  { name }: { name: string },
): Promise<{ id: number; name: string }> {
  const organisationId = await lockTeam(ctx);
  const before = await findOrganisation(ctx.tx, organisationId);
  const after = await writeOrganisationName(ctx.tx, organisationId, name);
  await recordEvent(ctx, {
    entityType: 'organisations',
    entityId: organisationId,
    action: 'organisation.rename',
    before: { name: before!.name },
    after: { name: after.name },
  });
  return { id: after.id, name: after.name };
}

function invitationMailText(
  about: { organisationName: string; invitedBy: string; role: MemberRole },
  link: string,
  expiresAt: Date,
): string {
  return [
    'Hello,',
    '',
    `${about.invitedBy} invites you to join ${about.organisationName} on Porchlight as ${about.role}.`,
    'Open this link, then log in (or sign up) and accept:',
    '',
    link,
    '',
    `The link works once, until ${expiresAt.toUTCString()} (${INVITATION_TTL_DAYS} days).`,
    '',
    'If you did not expect this, ignore this email.',
  ].join('\n');
}

/**
 * A one-time link that makes whoever accepts it a member with the role and properties given.
 * The code is in the answer and (when the server sends mail and an email is given) in a mail
 * through the outbox; the database keeps only its hash.
 */
export async function createMemberInvitation(
  ctx: Context,
  input: {
    role: MemberRole;
    email: string | null;
    propertyIds: number[] | null;
    publicUrl: string | null;
  },
): Promise<CreatedMemberInvitation> {
  const organisationId = await lockTeam(ctx);
  const user = actingUser(ctx);
  const propertyIds = await requireOwnProperties(ctx, organisationId, input.propertyIds);
  const { code, codeHash } = newOneTimeCode();
  const expiresAt = new Date(ctx.now.getTime() + INVITATION_TTL_MS);
  const row = await insertMemberInvitation(ctx.tx, {
    organisationId,
    role: input.role,
    email: input.email,
    propertyIds,
    codeHash,
    createdById: user.id,
    createdAt: ctx.now,
    expiresAt,
  });
  const invitation = await describeMemberInvitation(ctx.tx, row, ctx.now);
  const path = `/join/${code}`;
  let emailedTo: string | null = null;
  if (input.publicUrl && input.email) {
    const organisation = await findOrganisation(ctx.tx, organisationId);
    // Mail carrying a secret is sent here, in the transaction's outbox, never from an event.
    await enqueueMail(ctx, {
      key: `member-invitation:${row.id}`,
      to: input.email,
      subject: `Join ${organisation!.name} on Porchlight`,
      text: invitationMailText(
        {
          organisationName: organisation!.name,
          invitedBy: invitation.invitedBy ?? user.userName,
          role: input.role,
        },
        `${input.publicUrl}${path}`,
        expiresAt,
      ),
    });
    emailedTo = input.email;
  }
  await recordEvent(ctx, {
    entityType: 'organisations',
    entityId: organisationId,
    action: 'member.invite',
    after: {
      invitationId: row.id,
      role: input.role,
      properties: propertiesForTrail(propertyIds),
      emailedTo,
    },
  });
  return { ...invitation, code, path };
}

export async function revokeMemberInvitation(ctx: Context, id: number): Promise<MemberInvitation> {
  const organisationId = await lockTeam(ctx);
  const row = await findMemberInvitation(ctx.tx, { id, organisationId }, { lock: true });
  if (!row) throw INVITATION_NOT_FOUND();
  if (invitationState(row, ctx.now) !== 'pending') {
    throw conflict('invitations.not_pending', MEMBER_INVITATION_NOT_PENDING);
  }
  await markMemberInvitation(ctx.tx, row, { revokedAt: ctx.now });
  await recordEvent(ctx, {
    entityType: 'organisations',
    entityId: organisationId,
    action: 'member.revoke_invitation',
    after: { invitationId: id, role: row.role },
  });
  return describeMemberInvitation(ctx.tx, row, ctx.now);
}

/**
 * The invitations to a team that a person made and nobody accepted stop working: in one
 * organisation when they leave it, in every one when their account is disabled.
 */
export async function withdrawInvitationsMadeBy(
  ctx: Context,
  { organisationId, userId, reason }: { organisationId?: number; userId: number; reason: string },
): Promise<void> {
  const withdrawn = await revokePendingInvitationsBy(ctx.tx, {
    organisationId,
    userId,
    now: ctx.now,
  });
  for (const invitation of withdrawn) {
    await recordEvent(ctx, {
      entityType: 'organisations',
      entityId: invitation.organisationId,
      action: 'member.revoke_invitation',
      after: { invitationId: invitation.id, reason },
    });
  }
}

/** A change that would leave the organisation without an Owner is refused. */
async function requireAnotherOwner(ctx: Context, organisationId: number): Promise<void> {
  if ((await countOwners(ctx.tx, organisationId)) <= 1) {
    throw conflict('organisations.last_owner', LAST_OWNER);
  }
}

export async function updateMember(
  ctx: Context,
  input: { id: number; role: MemberRole; propertyIds: number[] | null },
): Promise<Member> {
  const organisationId = await lockTeam(ctx);
  const member = await findMember(ctx.tx, organisationId, input.id);
  if (!member) throw MEMBER_NOT_FOUND();
  const propertyIds = await requireOwnProperties(ctx, organisationId, input.propertyIds);
  if (member.role === 'Owner' && input.role !== 'Owner') {
    await requireAnotherOwner(ctx, organisationId);
  }
  const before = await describeMember(ctx.tx, member, actingUser(ctx).id);
  await writeMember(ctx.tx, member, { role: input.role, propertyIds });
  const after = await describeMember(ctx.tx, member, actingUser(ctx).id);
  await recordEvent(ctx, {
    entityType: 'members',
    entityId: member.id,
    action: 'member.role',
    before: {
      userName: before.userName,
      role: before.role,
      properties: propertiesForTrail(before.propertyIds),
    },
    after: {
      userName: after.userName,
      role: after.role,
      properties: propertiesForTrail(after.propertyIds),
    },
  });
  return after;
}

/**
 * Removes a member; the sessions in which they act for the organisation end at once (their
 * other organisations' sessions go on).
 */
export async function removeMember(ctx: Context, id: number): Promise<void> {
  const organisationId = await lockTeam(ctx);
  const member = await findMember(ctx.tx, organisationId, id);
  if (!member) throw MEMBER_NOT_FOUND();
  if (member.role === 'Owner') await requireAnotherOwner(ctx, organisationId);
  const before = await describeMember(ctx.tx, member, actingUser(ctx).id);
  await deleteMember(ctx.tx, member);
  await endSessionsInOrganisation(ctx.tx, {
    userId: member.userId,
    organisationId,
  });
  // What they vouched for goes with them: their links that still work stop working.
  await withdrawInvitationsMadeBy(ctx, {
    organisationId,
    userId: member.userId,
    reason: 'its maker left the team',
  });
  await recordEvent(ctx, {
    entityType: 'members',
    entityId: member.id,
    action: 'member.remove',
    before: {
      userId: member.userId,
      userName: before.userName,
      role: before.role,
      properties: propertiesForTrail(before.propertyIds),
    },
  });
}

/** A link that no longer works answers 410 Gone, as a portal invitation's does. */
async function requireUsable(ctx: Context, row: MemberInvitationRow): Promise<void> {
  switch (await stateOf(ctx, row)) {
    case 'accepted':
      throw new AppError(410, 'invitations.used', MEMBER_INVITATION_USED);
    case 'revoked':
      throw new AppError(410, 'invitations.revoked', MEMBER_INVITATION_REVOKED);
    case 'expired':
      throw new AppError(410, 'invitations.expired', MEMBER_INVITATION_EXPIRED);
    case 'pending':
      return;
  }
}

/** A pending link whose maker has left the organisation (or was disabled) is withdrawn. */
async function stateOf(ctx: Context, row: MemberInvitationRow) {
  const state = invitationState(row, ctx.now);
  return state === 'pending' && !(await isVouchedFor(ctx.tx, row)) ? 'revoked' : state;
}

/** GET /api/member-invitations/{code}: public, the code is the key. */
export async function previewMemberInvitation(
  ctx: Context,
  code: string,
): Promise<MemberInvitationPreview> {
  const row = await findMemberInvitation(ctx.tx, { codeHash: hashOneTimeCode(code) });
  if (!row) throw INVITATION_NOT_VALID();
  const organisation = await findOrganisation(ctx.tx, row.organisationId);
  const described = await describeMemberInvitation(ctx.tx, row, ctx.now);
  return {
    organisationName: organisation!.name,
    role: row.role,
    invitedBy: described.invitedBy,
    state: await stateOf(ctx, row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The logged-in person joins the organisation with the invitation's role and properties, the
 * invitation is used up, and the session now acts for the organisation. The organisation and
 * then the invitation are locked (the order of every team write), so of two accepts of one
 * code exactly one wins; the other finds it used.
 */
export async function acceptMemberInvitation(
  ctx: Context,
  { code, sessionToken }: { code: string; sessionToken: string },
): Promise<SignedInUser> {
  const user = actingUser(ctx);
  const found = await findMemberInvitation(ctx.tx, { codeHash: hashOneTimeCode(code) });
  if (!found) throw INVITATION_NOT_VALID();
  const { organisationId } = found;
  await lockOrganisation(ctx.tx, organisationId);
  const row = await findMemberInvitation(ctx.tx, { id: found.id, organisationId }, { lock: true });
  if (!row) throw INVITATION_NOT_VALID();
  await requireUsable(ctx, row);
  if (await isMember(ctx.tx, organisationId, user.id)) {
    throw conflict('organisations.already_member', ALREADY_MEMBER);
  }
  const propertyIds = await propertyIdsOfInvitation(ctx.tx, row);
  const member = await insertMember(ctx.tx, {
    organisationId,
    userId: user.id,
    role: row.role,
    propertyIds,
  });
  await markMemberInvitation(ctx.tx, row, { acceptedAt: ctx.now, acceptedByUserId: user.id });
  await setSessionOrganisation(ctx.tx, sessionToken, organisationId);
  await recordEvent(ctx, {
    entityType: 'members',
    entityId: member.id,
    action: 'member.join',
    after: {
      userId: user.id,
      userName: user.userName,
      organisationId,
      role: row.role,
      properties: propertiesForTrail(propertyIds),
      invitationId: row.id,
    },
  });
  return signedInUser(ctx.tx, user, organisationId);
}

/** The session acts for another organisation of the caller's from now on. */
export async function switchOrganisation(
  ctx: Context,
  { organisationId, sessionToken }: { organisationId: number; sessionToken: string },
): Promise<SignedInUser> {
  const user = actingUser(ctx);
  const membership = await findMembership(ctx.tx, user.id, organisationId);
  if (!membership) throw notFound('organisations.not_found', 'Organisation not found');
  await setSessionOrganisation(ctx.tx, sessionToken, organisationId);
  // Recorded in the organisation the person now acts for, with their role there: its
  // history shows when they started acting for it.
  const from = ctx.actor.kind === 'user' ? ctx.actor.membership : null;
  await recordEvent(
    { ...ctx, actor: { kind: 'user', user, membership } },
    {
      entityType: 'organisations',
      entityId: organisationId,
      action: 'organisation.switch',
      before: {
        organisationId: from?.organisationId ?? null,
        name: from?.organisationName ?? null,
      },
      after: { organisationId, name: membership.organisationName },
    },
  );
  return signedInUser(ctx.tx, user, organisationId);
}
