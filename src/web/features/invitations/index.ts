/** What other features may use from invitations. */
export { PortalAccessPanel } from './components/portal-access-panel';
