/** What other parts of the app may use from search. */
export { SearchLauncher } from './components/search-launcher';
