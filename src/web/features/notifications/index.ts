/** What other features may use from notifications. */
export { NotificationPreferencesForm } from './components/notification-preferences-form';
