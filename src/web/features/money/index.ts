/** What other features may use from money: the dashboard's rent figures. */
export { DashboardMoney } from './components/dashboard-money';
