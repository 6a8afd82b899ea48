// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './invitations.table';

import type { ModuleRoutes } from '../../front-door';
import { invitationsRoutes } from './invitations.routes';

export { invitationState, revokeInvitationsCreatedBy } from './invitations.repository';
export { mailBase } from './invitations.routes';
export { createInvitation } from './invitations.service';

export const routes: ModuleRoutes = [invitationsRoutes];
