/**
 * Expense categories: the lines of IRS Schedule E Part I, in the form's order, so a year's
 * expenses read straight into the tax form (docs/product.md, the landlord's books).
 */
export const EXPENSE_CATEGORIES = [
  { value: 'advertising', label: 'Advertising', scheduleELine: 5 },
  { value: 'auto_travel', label: 'Auto and travel', scheduleELine: 6 },
  { value: 'cleaning_maintenance', label: 'Cleaning and maintenance', scheduleELine: 7 },
  { value: 'commissions', label: 'Commissions', scheduleELine: 8 },
  { value: 'insurance', label: 'Insurance', scheduleELine: 9 },
  { value: 'legal_professional', label: 'Legal and other professional fees', scheduleELine: 10 },
  { value: 'management_fees', label: 'Management fees', scheduleELine: 11 },
  { value: 'mortgage_interest', label: 'Mortgage interest paid to banks', scheduleELine: 12 },
  { value: 'other_interest', label: 'Other interest', scheduleELine: 13 },
  { value: 'repairs', label: 'Repairs', scheduleELine: 14 },
  { value: 'supplies', label: 'Supplies', scheduleELine: 15 },
  { value: 'taxes', label: 'Taxes', scheduleELine: 16 },
  { value: 'utilities', label: 'Utilities', scheduleELine: 17 },
  { value: 'depreciation', label: 'Depreciation expense or depletion', scheduleELine: 18 },
  { value: 'other', label: 'Other', scheduleELine: 19 },
] as const;

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number]['value'];

export const EXPENSE_CATEGORY_VALUES = EXPENSE_CATEGORIES.map((c) => c.value) as [
  ExpenseCategory,
  ...ExpenseCategory[],
];

export function expenseCategoryLabel(category: ExpenseCategory): string {
  return EXPENSE_CATEGORIES.find((c) => c.value === category)?.label ?? category;
}
