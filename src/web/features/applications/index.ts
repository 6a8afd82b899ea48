/** What other features may use from applications. */
export { ApplicationModal } from './components/application-modal';
