import { z } from 'zod';
import { FIRST_PERIOD_RULES } from '../rent-periods';
import { LIMITS, ROLES, SIGNUP_ROLES } from '../constants';
import { hasNoNul, NUL_MESSAGE, optionalPhoneSchema, optionalText } from './common';
import { membershipSchema, organisationChoiceSchema } from './organisations';
import { pagedQuerySchema } from './paging';

/** The user as every call answers it (never the password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
});
export type User = z.infer<typeof userSchema>;

/**
 * The signed-in user as login and /me answer: also the organisation the session acts for
 * and the others they may switch to (docs/product.md section 32).
 */
export const signedInUserSchema = userSchema.extend({
  organisation: membershipSchema.nullable(),
  organisations: z.array(organisationChoiceSchema),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** Public contact of a property owner, as visitors may see it. */
export const publicUserSchema = userSchema.omit({ roles: true }).extend({
  roles: z.array(z.enum(ROLES)).optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const USERNAME_PATTERN = /^[A-Za-z0-9._@+-]+$/;

export const userNameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and - . _ @ +');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const optionalEmail = z
  .string()
  .trim()
  .max(LIMITS.shortText, `Email must be at most ${LIMITS.shortText} characters`)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, {
    message: 'Email must be a valid email address',
  });

export const optionalPhone = optionalPhoneSchema('Phone');

/** Accept the spec's PascalCase sign-up body and camelCase alike. */
function pick(body: unknown, ...keys: string[]): unknown {
  if (!body || typeof body !== 'object') return undefined;
  for (const key of keys) {
    if (Object.hasOwn(body, key)) return (body as Record<string, unknown>)[key];
  }
  return undefined;
}

/** The sign-up fields, camelCase. */
export const signupFieldsSchema = z.object({
  userName: userNameSchema,
  password: passwordSchema,
  roles: z
    .array(z.enum(SIGNUP_ROLES, { error: 'Role must be Landlord, Tenant or Maintenance' }), {
      error: 'Choose a role',
    })
    .length(1, 'Choose exactly one role'),
  email: optionalEmail,
  phone: optionalPhone,
});

/** The sign-up screen picks one role from a dropdown; the same field rules otherwise. */
export const signupFormSchema = signupFieldsSchema.omit({ roles: true }).extend({
  role: z.enum(SIGNUP_ROLES, { error: 'Choose a role' }),
});
export type SignupForm = z.input<typeof signupFormSchema>;

export const signupBodySchema = z.preprocess(
  (body) =>
    body && typeof body === 'object'
      ? {
          userName: pick(body, 'Username', 'userName', 'username', 'UserName'),
          password: pick(body, 'Password', 'password'),
          roles: pick(body, 'Roles', 'roles'),
          email: pick(body, 'Email', 'email'),
          phone: pick(body, 'Phone', 'phone'),
        }
      : body,
  signupFieldsSchema,
);
export type SignupBody = z.infer<typeof signupBodySchema>;

/** Login: both fields required, nothing else checked (docs/product.md section 5). */
export const loginFieldsSchema = z.object({
  userName: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(200, 'Username is too long')
    // A name the database cannot hold cannot match: refuse it before the lookup.
    .refine(hasNoNul, NUL_MESSAGE('Username')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});

export const loginBodySchema = z.preprocess(
  (body) =>
    body && typeof body === 'object'
      ? {
          userName: pick(body, 'userName', 'Username', 'username', 'UserName'),
          password: pick(body, 'password', 'Password'),
        }
      : body,
  loginFieldsSchema,
);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const contactBodySchema = z.object({
  email: optionalEmail,
  phone: optionalPhone,
});
export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactForm = z.input<typeof contactBodySchema>;

/** The longest display name (a person's or a business's name). */
export const DISPLAY_NAME_MAX = 100;

/**
 * Which of an owner's contact details the public listings show beside their properties, and
 * the name tenants, workers and applicants see (null: the username).
 */
export const publicContactSchema = z.object({
  showEmail: z.boolean({ error: 'showEmail must be true or false' }),
  showPhone: z.boolean({ error: 'showPhone must be true or false' }),
  displayName: z.string().nullable(),
});
export type PublicContact = z.infer<typeof publicContactSchema>;

/** The most a landlord's payment instructions may say. */
export const PAYMENT_INSTRUCTIONS_MAX = 1000;

/**
 * A landlord's own words on how their tenants pay them ("Zelle to rent@example.com", "Checks
 * payable to ..."): shown on their tenants' homes when this server takes no cards. Empty: none.
 */
export const paymentInstructionsSchema = z.object({
  paymentInstructions: optionalText('Payment instructions', PAYMENT_INSTRUCTIONS_MAX),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;
/** GET and PUT /api/users/{id}/payment-instructions answer them as stored. */
export const paymentInstructionsAnswerSchema = z.object({
  paymentInstructions: z.string().nullable(),
});
export type PaymentInstructionsForm = z.input<typeof paymentInstructionsSchema>;

/** PUT /api/users/{id}/public-contact: a display name left out stays as it is; empty clears it. */
export const publicContactBodySchema = publicContactSchema.extend({
  displayName: optionalText('Display name', DISPLAY_NAME_MAX).optional(),
});
export type PublicContactBody = z.input<typeof publicContactBodySchema>;

export const USER_SORT_KEYS = ['userName', 'email'] as const;

/** GET /api/users: a page of users (Admin) or of property owners (anyone else), searched by name or email. */
export const userListQuerySchema = pagedQuerySchema(USER_SORT_KEYS);

/**
 * GET and PUT /api/users/{id}/rent-settings: how a lease's short first period (a start that is
 * not on its due day) is charged: prorated by days, the full rent, or its prorated rent added
 * to the first full period's charge (docs/decisions/0020).
 */
export const rentSettingsSchema = z.object({
  firstPeriodRule: z.enum(FIRST_PERIOD_RULES, {
    error: 'First period must be prorate, full or add_to_next',
  }),
});
export type RentSettings = z.infer<typeof rentSettingsSchema>;
