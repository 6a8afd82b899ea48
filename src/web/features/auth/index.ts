/** What other features may use from sign-in: what this server's configuration offers. */
export { useServerFeatures } from './api/get-features';
/** A form page's stand-in for a role that may only read the area it changes. */
export { RequireWrite } from './components/require-write';
