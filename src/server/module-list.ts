import * as health from './modules/health';
import * as auth from './modules/auth';
import * as users from './modules/users';
import * as properties from './modules/properties';
import * as units from './modules/units';
import * as staff from './modules/staff';
import * as tenants from './modules/tenants';
import * as leases from './modules/leases';
import * as ledger from './modules/ledger';
import * as deposits from './modules/deposits';
import * as recurringCharges from './modules/recurring-charges';
import * as money from './modules/money';
import * as applications from './modules/applications';
import * as dashboard from './modules/dashboard';
import * as uploads from './modules/uploads';
import * as accounts from './modules/accounts';
import * as workOrders from './modules/work-orders';
import * as audit from './modules/audit';
import * as notifications from './modules/notifications';
import * as mail from './modules/mail';
import * as portal from './modules/portal';
import * as invitations from './modules/invitations';
import * as onboarding from './modules/onboarding';
import * as overview from './modules/overview';
import * as search from './modules/search';
import * as payments from './modules/payments';
import * as imports from './modules/imports';
import * as backups from './modules/backups';
import * as placements from './modules/placements';
import * as authz from './modules/authz';
import * as tenancy from './modules/tenancy';
import * as jobs from './modules/jobs';
import * as rateLimits from './modules/rate-limits';
import * as vendors from './modules/vendors';
import * as expenses from './modules/expenses';
import * as bank from './modules/bank';
import * as reports from './modules/reports';
import * as organisations from './modules/organisations';

/**
 * Every module of the server by its folder name, each through its front door (index.ts). The
 * app registers their routes in this order, so the API and its OpenAPI document keep one
 * order; a test checks that every folder of modules/ is here. What each may offer the app:
 * front-door.ts.
 */
export const moduleList = {
  health,
  auth,
  users,
  properties,
  units,
  staff,
  tenants,
  leases,
  ledger,
  deposits,
  'recurring-charges': recurringCharges,
  money,
  applications,
  dashboard,
  uploads,
  accounts,
  'work-orders': workOrders,
  audit,
  notifications,
  mail,
  portal,
  invitations,
  onboarding,
  overview,
  search,
  payments,
  imports,
  backups,
  placements,
  authz,
  tenancy,
  jobs,
  'rate-limits': rateLimits,
  vendors,
  expenses,
  bank,
  reports,
  organisations,
};
