/** What other features may use from teams: the header's organisation switcher. */
export { OrganisationSwitcher } from './components/organisation-switcher';
