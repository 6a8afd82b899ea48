/** What other features may use from money: the dashboard's rent figures, a lease's ledger. */
export { DashboardMoney } from './components/dashboard-money';
export { ledgerQueryOptions } from './api/get-ledger';
export { RecurringChargesPanel } from './components/recurring-charges-panel';
/** The frame, body and fields of a money dialog, for the bank's dialogs. */
export { MoneyForm } from './components/money-form';
export { MoneyModal } from './components/money-modal';
export { DateField } from './components/date-field';
