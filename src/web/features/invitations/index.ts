/** What other features may use from invitations. */
export { PortalAccessPanel } from './components/portal-access-panel';
export { InvitationLinks, type InvitationLinkRow } from './components/invitation-links';
export { useInviteTenants } from './api/invite-tenants';
export { useInvitationByCode } from './api/get-invitation-by-code';
