import { z } from 'zod';
import { MEMBER_ROLES, ROLES } from '../constants';
import { hasNoNul, NUL_MESSAGE } from './common';
import { passwordSchema, userSchema } from './users';

/** An account as the Admin users page shows it. */
export const accountSchema = userSchema.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
  /** The organisations the account is a member of, with its role in each (the list's rows). */
  teams: z.array(z.object({ organisation: z.string(), role: z.enum(MEMBER_ROLES) })).optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountListQuerySchema = z.object({
  q: z.string().trim().max(200).refine(hasNoNul, NUL_MESSAGE('Search')).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

/** The whole set of roles the account should have from now on. */
export const accountRolesBodySchema = z.object({
  roles: z
    .array(z.enum(ROLES, { error: 'Role must be Landlord, Tenant, Maintenance or Admin' }), {
      error: 'Choose the roles',
    })
    .min(1, 'An account needs at least one role')
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Name each role once'),
});
export type AccountRolesBody = z.infer<typeof accountRolesBodySchema>;

/** A fresh one-time link: the code is shown once and never stored in the clear. */
export const passwordResetLinkSchema = z.object({
  path: z.string(),
  expiresAt: z.string(),
});
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

export const passwordResetCodeParamsSchema = z.object({
  code: z.string().max(200),
});

/** What the reset screen shows before the new password is chosen. */
export const passwordResetInfoSchema = z.object({
  userName: z.string(),
  expiresAt: z.string(),
});
export type PasswordResetInfo = z.infer<typeof passwordResetInfoSchema>;

export const passwordResetBodySchema = z.object({ password: passwordSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** A logged-in user changes their own password: the current one proves it is them. */
export const passwordChangeBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password is too long'),
  newPassword: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** How long a reset link works after an Admin issues it. */
export const PASSWORD_RESET_TTL_MS = 24 * 3_600_000;

/** How long a link mailed by 'Forgot password?' works. */
export const EMAILED_PASSWORD_RESET_TTL_MS = 3_600_000;

/** 'Forgot password?': a username or an email address; the answer never says which matched. */
export const passwordResetRequestBodySchema = z.object({
  userNameOrEmail: z
    .string({ error: 'Enter your username or email' })
    .trim()
    .min(1, 'Enter your username or email')
    .max(320, 'Username or email must be at most 320 characters')
    .refine(hasNoNul, NUL_MESSAGE('Username or email')),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** The one answer to every accepted request, whether or not an account matched. */
export const PASSWORD_RESET_REQUESTED =
  'If an account matches, we have emailed it a link to choose a new password. The link works once, for 1 hour.';
export const PASSWORD_RESET_BY_EMAIL_UNAVAILABLE =
  'Password reset by email is not available on this server. Ask an administrator for a reset link.';

export const passwordResetRequestedSchema = z.object({ message: z.string() });

/** What this server offers that depends on its configuration (GET /api/features). */
export const serverFeaturesSchema = z.object({
  /** Mail is configured: the login screen offers 'Forgot password?'. */
  passwordResetByEmail: z.boolean(),
  /** No account exists yet: the login screen says how to load demo data. */
  freshInstall: z.boolean(),
  /** Stripe keys are set: a tenant may pay their balance by card ('Pay now'). */
  cardPayments: z.boolean(),
  /** The server's calendar (TIME_ZONE): the browser's 'today' is the date there. */
  timeZone: z.string(),
});
export type ServerFeatures = z.infer<typeof serverFeaturesSchema>;
