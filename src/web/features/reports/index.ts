/** What other features may use from reports: the dashboard's books. */
export { DashboardBooks } from './components/dashboard-books';
