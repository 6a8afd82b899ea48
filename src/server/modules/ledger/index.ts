// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './ledger.table';
export * from './ledger-totals.table';

import type { ModuleRoutes, ModuleJobs } from '../../front-door';
import { ledgerRoutes } from './ledger.routes';
import { leasesPerStepOn, ledgerJobs } from './ledger.jobs';

export { assessLateFees } from './late-fees.service';
export {
  postOpeningEntry,
  postRentPeriods,
  reverseEntries,
  standingEntries,
} from './ledger-batch.service';
export {
  findByIdempotencyKey,
  findRentRulesOfUnit,
  findRentRulesOfUser,
  listEntries,
  listEntriesOfLeases,
} from './ledger.repository';
export type { NewLedgerEntry } from './ledger.repository';
export {
  getLedger,
  ledgerOf,
  postCharge,
  postEntryFor,
  postRentDue,
  recordPayment,
} from './ledger.service';
export type { RentRules } from './ledger.service';
export { toLedgerEntry, toLedgerLine } from './ledger-entry';
export { chargedOnDay, openChargesOf, overdueOf } from './open-charges.sql';
export { chargedPeriods, planRent } from './rent-plan';
export type { RentPlan } from './rent-plan';

export const routes: ModuleRoutes = [ledgerRoutes];

export const jobs: ModuleJobs = ({ database }) => ledgerJobs(leasesPerStepOn(database.kind));
