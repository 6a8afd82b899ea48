import type { Onboarding } from '../../../shared/schemas/onboarding';
import type { Context } from '../../context';
import { scopeFor } from '../authz';
import { findOnboarding } from './onboarding.repository';

/** Which first steps the caller has done, over the properties they manage. */
export async function readOnboarding(ctx: Context): Promise<Onboarding> {
  return { done: await findOnboarding(ctx.tx, scopeFor(ctx.actor)) };
}
