/** What other features may use from units. */
export { UnitPicker, useHasAvailableUnits } from './components/unit-picker';
export { useUnit } from './api/get-units';
