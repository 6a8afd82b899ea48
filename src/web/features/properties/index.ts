/** What other features may use from properties. */
export { PropertyPicker, useHasProperties } from './components/property-picker';
