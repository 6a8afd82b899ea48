/** What other features may use from leases. */
export { useLease, useLeasesPage } from './api/get-leases';
export { LeaseStateBadge } from './components/lease-state-badge';
export {
  LateFeeFieldset,
  EMPTY_LATE_FEE,
  lateFeeBody,
  type LateFeeValues,
} from './components/late-fee-fieldset';
export { oneYearFrom } from './hooks/use-lease-prefill';
