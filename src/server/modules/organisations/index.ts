// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './organisations.table';
export * from './member-properties.table';
export * from './member-invitations.table';
import type { ModuleRoutes } from '../../front-door';
import { organisationsRoutes } from './organisations.routes';

export {
  findMembership,
  firstOrganisationOf,
  listOrganisationsOf,
  signedInUser,
} from './organisations.repository';
export { actingOrganisation, ensureOwnOrganisation } from './organisations.service';
export { recipientsOf } from './notice-recipients.repository';
export { withdrawInvitationsMadeBy } from './team.service';

export const routes: ModuleRoutes = [organisationsRoutes];
