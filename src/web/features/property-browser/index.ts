/** What other features (and the visitor's page) may use from the public property browser. */
export { PropertyImage } from './components/property-image';
export { PropertyBrowser } from './components/property-browser';
export {
  publicPropertiesUrl,
  toPropertyPage,
  type PropertyPage,
} from './api/get-public-properties';
