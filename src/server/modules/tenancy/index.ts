export {
  findLeaseInEffect,
  findOpenLeaseOfTenant,
  tenantHasLeaseNotVoid,
} from './tenancy.repository';
export {
  leaseAs,
  leaseCurrentOrUpcoming,
  leaseInEffectOn,
  leaseIsVoid,
  leaseLastDay,
  leaseStateOn,
  withPropertyOfLease,
  withPropertyOfTenant,
  withPropertyOfUnit,
} from './tenancy.sql';
