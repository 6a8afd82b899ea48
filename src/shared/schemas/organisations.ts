import { z } from 'zod';
import { MEMBER_ROLES } from '../constants';
import { INVITATION_STATES } from './invitations';

/**
 * The organisation a session acts for, and the member's place in it (docs/product.md section
 * 32). `propertyIds` null: every property of the organisation.
 */
export const membershipSchema = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  role: z.enum(MEMBER_ROLES),
  propertyIds: z.array(z.number().int()).nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** One of the organisations a person belongs to, for the switcher. */
export const organisationChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
});
export type OrganisationChoice = z.infer<typeof organisationChoiceSchema>;

export const switchOrganisationBodySchema = z.object({
  organisationId: z.coerce.number().int().positive(),
});

// The team of an organisation (docs/product.md section 32): its members and the invitations
// an Owner made. The server's routes (modules/organisations) and the Team page share these.

const propertyIdsSchema = z
  .array(z.coerce.number().int().positive())
  .max(1000, 'At most 1000 properties')
  .nullable();

export const memberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  /** null: every property of the organisation. */
  propertyIds: z.array(z.number().int()).nullable(),
  joinedAt: z.string(),
  /** The member is the caller. */
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberInvitationSchema = z.object({
  id: z.number().int(),
  role: z.enum(MEMBER_ROLES),
  propertyIds: z.array(z.number().int()).nullable(),
  email: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
});
export type MemberInvitation = z.infer<typeof memberInvitationSchema>;

export const teamSchema = z.object({
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  members: z.array(memberSchema),
  invitations: z.array(memberInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const createMemberInvitationBodySchema = z.object({
  role: z.enum(MEMBER_ROLES, { error: 'Choose a role' }),
  email: z
    .string()
    .trim()
    .max(200, 'Email must be at most 200 characters')
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || z.email().safeParse(value).success, {
      message: 'Email must be a valid email address',
    }),
  /** null or absent: every property. */
  propertyIds: propertyIdsSchema.optional().transform((value) => value ?? null),
});
export type CreateMemberInvitationBody = z.input<typeof createMemberInvitationBodySchema>;

/** The answer to an invitation just made: the only place its one-time code appears. */
export const createdMemberInvitationSchema = memberInvitationSchema.extend({
  code: z.string(),
  /** The web address to share: /join/{code}. */
  path: z.string(),
});
export type CreatedMemberInvitation = z.infer<typeof createdMemberInvitationSchema>;

/** What the invited person sees before accepting. */
export const memberInvitationPreviewSchema = z.object({
  organisationName: z.string(),
  role: z.enum(MEMBER_ROLES),
  invitedBy: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
});
export type MemberInvitationPreview = z.infer<typeof memberInvitationPreviewSchema>;

export const updateMemberBodySchema = z.object({
  role: z.enum(MEMBER_ROLES, { error: 'Choose a role' }),
  propertyIds: propertyIdsSchema.optional().transform((value) => value ?? null),
});
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;

export const renameOrganisationBodySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
});

export const LAST_OWNER = 'An organisation needs at least one Owner';
export const ALREADY_MEMBER = 'You are already a member of this organisation';
export const MEMBER_INVITATION_NOT_VALID =
  'This invitation link is not valid. Check that the whole link was copied, or ask the Owner for a new one.';
export const MEMBER_INVITATION_USED = 'This invitation has already been used.';
export const MEMBER_INVITATION_REVOKED =
  'This invitation was withdrawn. Ask the Owner for a new one.';
export const MEMBER_INVITATION_EXPIRED =
  'This invitation has expired. Ask the Owner for a new one.';
export const MEMBER_INVITATION_NOT_PENDING = 'This invitation is no longer pending';
