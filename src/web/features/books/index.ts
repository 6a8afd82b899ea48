export { WorkOrderExpense } from './components/work-order-expense';
export { PropertyExpenses } from './components/property-expenses';
export { searchVendors } from './api/vendors';
