/** What other features may use from the public property browser. */
export { PropertyImage } from './components/property-image';
