/** What other features may use from the Admin's mail page. */
export { AdminMailPage } from './components/admin-mail-page';
