/** What other features may use from leases. */
export { useLease, useLeasesPage } from './api/get-leases';
export { LeaseStateBadge } from './components/lease-state-badge';
