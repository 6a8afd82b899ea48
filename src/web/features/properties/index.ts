/** What other features may use from properties. */
export { PropertyPicker, useHasProperties } from './components/property-picker';
export { PropertyFilter } from './components/property-filter';
export { NoPropertiesNotice } from './components/no-properties-notice';
