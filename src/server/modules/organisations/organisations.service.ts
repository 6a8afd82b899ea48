import { actingUser, type Context } from '../../context';
import { recordEvents } from '../audit';
import { actOnOwnOrganisation } from '../auth';
import { firstOrganisationOf, insertMember, insertOrganisation } from './organisations.repository';

/**
 * A landlord's own office: every account that may hold a portfolio (a Landlord, or an Admin
 * who owns properties) acts through an organisation of which it is an Owner (decision 0029).
 * Answers the organisation the person belongs to first, made now when there is none.
 */
export async function ensureOwnOrganisation(
  ctx: Context,
  person: { id: number; userName: string; displayName?: string | null },
): Promise<number> {
  const existing = await firstOrganisationOf(ctx.tx, person.id);
  if (existing !== null) return existing;
  const name = (person.displayName?.trim() || person.userName).slice(0, 120);
  const organisation = await insertOrganisation(ctx.tx, name);
  const member = await insertMember(ctx.tx, {
    organisationId: organisation.id,
    userId: person.id,
    role: 'Owner',
    propertyIds: null,
  });
  // Sessions the person already has (a role granted while signed in) act for it at once.
  await actOnOwnOrganisation(ctx.tx, { userId: person.id, organisationId: organisation.id });
  await recordEvents(ctx, [
    {
      entityType: 'organisations',
      entityId: organisation.id,
      action: 'create',
      after: organisation,
    },
    { entityType: 'members', entityId: member.id, action: 'create', after: member },
  ]);
  return organisation.id;
}

/**
 * The organisation a new record of the caller's belongs to (a vendor, a bank account): the one
 * the session acts for; an Admin acting for none gets their own.
 */
export async function actingOrganisation(ctx: Context): Promise<number> {
  const user = actingUser(ctx);
  const membership = ctx.actor.kind === 'user' ? ctx.actor.membership : null;
  return membership?.organisationId ?? (await ensureOwnOrganisation(ctx, user));
}
