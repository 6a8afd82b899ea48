/** What other features may use from leases. */
export { useLease } from './api/get-leases';
export { LeaseStateBadge } from './components/lease-state-badge';
