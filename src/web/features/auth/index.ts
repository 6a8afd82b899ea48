/** What other features may use from sign-in: what this server's configuration offers. */
export { useServerFeatures } from './api/get-features';
