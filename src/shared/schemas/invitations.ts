import { z } from 'zod';

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
