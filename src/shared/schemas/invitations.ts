import { z } from 'zod';
import { MAX_ID } from './common';

/**
 * Portal invitations (docs/product.md section 13): a one-time link the landlord makes for a
 * tenant or staff record; the account that accepts it acts as that record from then on.
 */

/** How long an invitation link works after it is made. */
export const INVITATION_TTL_DAYS = 14;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const INVITATION_KINDS = ['tenant', 'staff'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** One invitation as the landlord sees it; the code is never part of it. */
export const invitationSchema = z.object({
  id: z.number().int(),
  state: z.enum(INVITATION_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/{tenants,staff}/{id}/invitations: the only answer that carries the code. */
export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  /** '/invitations/<code>': the web page that shows and accepts it. */
  path: z.string(),
  /** Where the link was mailed; null when the server sends no mail. */
  emailedTo: z.string().nullable(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /api/{tenants,staff}/{id}/invitations: the linked account and the invitations, newest first. */
export const invitationListSchema = z.object({
  linkedUser: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  invitations: z.array(invitationSchema),
});
export type InvitationList = z.infer<typeof invitationListSchema>;

export const INVITATION_NOT_VALID =
  'This invitation link is not valid. Check that the whole link was copied, or ask your landlord for a new one.';
export const INVITATION_REVOKED = 'This invitation was withdrawn. Ask your landlord for a new one.';
export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask your landlord for a new one.';
export const INVITATION_NOT_PENDING = 'This invitation is no longer pending';
export const TENANT_ALREADY_LINKED = 'This tenant is already linked to an account';
export const STAFF_ALREADY_LINKED = 'This staff member is already linked to an account';
export const ACCOUNT_LINKED_TO_OTHER_TENANT =
  'Your account is already linked to another tenant record';
export const ACCOUNT_LINKED_TO_OTHER_STAFF =
  'Your account is already linked to another staff record';
export const TENANT_ROLE_NEEDED = 'Log in with a Tenant account to accept this invitation';
export const MAINTENANCE_ROLE_NEEDED =
  'Log in with a Maintenance account to accept this invitation';

/** A code as links carry it: base64url, bounded, so junk is a 400 before any lookup. */
export const invitationCodeParamsSchema = z.object({
  code: z
    .string()
    .min(20, INVITATION_NOT_VALID)
    .max(100, INVITATION_NOT_VALID)
    .regex(/^[A-Za-z0-9_-]+$/, INVITATION_NOT_VALID),
});

/** GET /api/invitations/by-code/{code}: what the invitation page shows before accepting. */
export const invitationPreviewSchema = z.object({
  kind: z.enum(INVITATION_KINDS),
  /** The tenant's or staff member's first and last name. */
  name: z.string(),
  propertyName: z.string(),
  /** The tenant's unit; null for staff. */
  unitNumber: z.string().nullable(),
  /** The property owner's username. */
  landlordName: z.string(),
  /**
   * The record's email, which the invitation was sent to: the sign-up form starts with it.
   * Only a prefill: the link, not the email, decides whose record the account joins.
   */
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/invitations/by-code/{code}/accept: which record the account now acts as. */
export const acceptedInvitationSchema = z.object({
  kind: z.enum(INVITATION_KINDS),
  tenantId: z.number().int().nullable(),
  staffId: z.number().int().nullable(),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** How many tenants one 'Invite to portal' may name: one page of the tenants list. */
export const MAX_BULK_INVITES = 100;

/** POST /api/tenants/invitations: invite the chosen tenants at once. */
export const bulkInviteBodySchema = z.object({
  tenantIds: z
    .array(
      z
        .number({ error: 'Choose tenants by id' })
        .int('Choose tenants by id')
        .positive('Choose tenants by id')
        .max(MAX_ID, 'Choose tenants by id'),
      {
        error: 'Choose at least one tenant',
      },
    )
    .min(1, 'Choose at least one tenant')
    .max(MAX_BULK_INVITES, `Choose at most ${MAX_BULK_INVITES} tenants at once`),
});
export type BulkInviteBody = z.infer<typeof bulkInviteBodySchema>;

/**
 * What happened to each tenant: invited (with the link, shown once), or skipped because an
 * account already acts as them or an earlier invitation of theirs still works (one live link
 * at a time; withdrawing it is done on their page, so nobody's link changes by surprise).
 */
export const BULK_INVITE_OUTCOMES = ['invited', 'linked', 'pending'] as const;
export type BulkInviteOutcome = (typeof BULK_INVITE_OUTCOMES)[number];

export const TENANT_INVITATION_PENDING =
  'Already invited: their earlier link still works. Withdraw it on their page to send a new one.';

export const bulkInviteResultSchema = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  unitNumber: z.string(),
  propertyName: z.string(),
  outcome: z.enum(BULK_INVITE_OUTCOMES),
  /** Why a tenant was skipped; null when invited. */
  message: z.string().nullable(),
  /** '/invitations/<code>' for an invited tenant: shown once, here. */
  path: z.string().nullable(),
  emailedTo: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type BulkInviteResult = z.infer<typeof bulkInviteResultSchema>;

export const bulkInviteAnswerSchema = z.object({ results: z.array(bulkInviteResultSchema) });
export type BulkInviteAnswer = z.infer<typeof bulkInviteAnswerSchema>;
