/** What other features may use from money: the dashboard's rent figures, a lease's ledger. */
export { DashboardMoney } from './components/dashboard-money';
export { ledgerQueryOptions } from './api/get-ledger';
export { RecurringChargesPanel } from './components/recurring-charges-panel';
