import { eq } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import type { z } from 'zod';
import type {
  ContactBody,
  PaymentInstructions,
  RentSettings,
  PublicContact,
  publicContactBodySchema,
  User,
} from '../../../shared/schemas/users';
import type { Context } from '../../context';
import {
  badRequest,
  conflict,
  notFound,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
} from '../../http/errors';
import { recordEvent } from '../audit';
import { ensureOwnOrganisation } from '../organisations';
import { requireOwnAccountOrAdmin } from '../authz';
import { passwordWeakness } from './password-strength';
import { hashPassword } from './passwords';
import {
  findUserByName,
  insertUser,
  toUser,
  updateContact as updateContactRow,
} from './users.repository';
import { usersTable } from './users.table';

export const USERNAME_TAKEN = 'That username is taken. Please choose another.';

export interface NewAccount {
  userName: string;
  password: string;
  roles: Role[];
  email: string | null;
  phone: string | null;
}

/**
 * The one way an account is made, by sign-up (a visitor) and by the command line or the
 * start-up (the first Admin): a password strong enough for its name, a name nobody has in
 * any letter case, never an existing account promoted.
 */
export async function createAccount(ctx: Context, account: NewAccount): Promise<User> {
  const weakness = await passwordWeakness(account.password, account.userName);
  if (weakness) throw badRequest('users.weak_password', weakness, 'password');
  if (await findUserByName(ctx.tx, account.userName)) throw conflict('users.taken', USERNAME_TAKEN);
  try {
    const row = await insertUser(ctx.tx, {
      userName: account.userName,
      passwordHash: await hashPassword(account.password),
      roles: account.roles,
      email: account.email,
      phone: account.phone,
    });
    await recordEvent(ctx, { entityType: 'users', entityId: row.id, action: 'create', after: row });
    // A landlord's portfolio belongs to their organisation, of which they are the Owner.
    if (row.roles.includes('Landlord')) await ensureOwnOrganisation(ctx, row);
    return toUser(row);
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict('users.taken', USERNAME_TAKEN);
    throw error;
  }
}

/** A user's email and phone: their own, or anyone's for an Admin. */
export async function updateContact(
  ctx: Context,
  { userId, contact }: { userId: number; contact: ContactBody },
): Promise<User> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only change your own contact information');
  const [before] = await ctx.tx
    .select()
    .from(usersTable)
    .where(eq(usersTable.id, userId))
    .for('update')
    .limit(1);
  const after = before && (await updateContactRow(ctx.tx, userId, contact));
  if (!before || !after) throw notFound('users.not_found', 'User not found');
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: userId,
    action: 'update',
    before,
    after,
  });
  return toUser(after);
}

async function lockUser(ctx: Context, userId: number) {
  const [row] = await ctx.tx
    .select()
    .from(usersTable)
    .where(eq(usersTable.id, userId))
    .for('update')
    .limit(1);
  if (!row) throw notFound('users.not_found', 'User not found');
  return row;
}

const publicContactOf = (row: {
  showEmailPublicly: boolean;
  showPhonePublicly: boolean;
  displayName: string | null;
}): PublicContact => ({
  showEmail: row.showEmailPublicly,
  showPhone: row.showPhonePublicly,
  displayName: row.displayName,
});

/** Which contact details the public sees: the user's own choice, or any user's for an Admin. */
export async function getPublicContact(ctx: Context, userId: number): Promise<PublicContact> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only see your own contact choices');
  const [row] = await ctx.tx.select().from(usersTable).where(eq(usersTable.id, userId)).limit(1);
  if (!row) throw notFound('users.not_found', 'User not found');
  return publicContactOf(row);
}

export async function setPublicContact(
  ctx: Context,
  { userId, choice }: { userId: number; choice: z.output<typeof publicContactBodySchema> },
): Promise<PublicContact> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only change your own contact choices');
  const before = await lockUser(ctx, userId);
  const [after] = await ctx.tx
    .update(usersTable)
    .set({
      showEmailPublicly: choice.showEmail,
      showPhonePublicly: choice.showPhone,
      ...(choice.displayName === undefined ? {} : { displayName: choice.displayName }),
    })
    .where(eq(usersTable.id, userId))
    .returning();
  if (!after) throw notFound('users.not_found', 'User not found');
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: userId,
    action: 'update',
    before: publicContactOf(before),
    after: publicContactOf(after),
  });
  return publicContactOf(after);
}

/** A landlord's payment instructions (docs/product.md section 12): their own, or an Admin's. */
export async function getPaymentInstructions(
  ctx: Context,
  userId: number,
): Promise<PaymentInstructions> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only see your own payment instructions');
  const [row] = await ctx.tx
    .select({ paymentInstructions: usersTable.paymentInstructions })
    .from(usersTable)
    .where(eq(usersTable.id, userId))
    .limit(1);
  if (!row) throw notFound('users.not_found', 'User not found');
  return row;
}

export async function setPaymentInstructions(
  ctx: Context,
  { userId, body }: { userId: number; body: PaymentInstructions },
): Promise<PaymentInstructions> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only change your own payment instructions');
  const before = await lockUser(ctx, userId);
  const [after] = await ctx.tx
    .update(usersTable)
    .set({ paymentInstructions: body.paymentInstructions })
    .where(eq(usersTable.id, userId))
    .returning({ paymentInstructions: usersTable.paymentInstructions });
  if (!after) throw notFound('users.not_found', 'User not found');
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: userId,
    action: 'update',
    before: { paymentInstructions: before.paymentInstructions },
    after,
  });
  return after;
}

export async function getRentSettings(ctx: Context, userId: number): Promise<RentSettings> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only see your own rent settings');
  const row = await lockUser(ctx, userId);
  return { firstPeriodRule: row.firstPeriodRule as RentSettings['firstPeriodRule'] };
}

/** Read by the rent job at posting time: a change applies to every period not yet posted. */
export async function setRentSettings(
  ctx: Context,
  { userId, body }: { userId: number; body: RentSettings },
): Promise<RentSettings> {
  requireOwnAccountOrAdmin(ctx.actor, userId, 'You can only change your own rent settings');
  const before = await lockUser(ctx, userId);
  await ctx.tx
    .update(usersTable)
    .set({ firstPeriodRule: body.firstPeriodRule })
    .where(eq(usersTable.id, userId));
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: userId,
    action: 'rent_settings',
    before: { firstPeriodRule: before.firstPeriodRule },
    after: { firstPeriodRule: body.firstPeriodRule },
  });
  return body;
}
