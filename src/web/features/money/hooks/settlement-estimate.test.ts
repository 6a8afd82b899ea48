import { describe, expect, it } from 'vitest';
import { estimateSettlement } from './settlement-estimate';

describe('estimateSettlement', () => {
  it('returns what is held less the deductions, to the cent', () => {
    expect(
      estimateSettlement({
        held: 1000,
        openCharges: 0,
        deductions: [{ amount: 0.1 }, { amount: 0.2 }, { amount: 150.35 }],
        applyToOpenCharges: false,
      }),
    ).toEqual({ deducted: 150.65, unpaidDeductions: 0, applied: 0, returned: 849.35 });
  });

  it('pays open charges from what is left only when asked', () => {
    const base = { held: 500, openCharges: 320.5, deductions: [{ amount: 100 }] };
    expect(estimateSettlement({ ...base, applyToOpenCharges: true })).toMatchObject({
      applied: 320.5,
      returned: 79.5,
    });
    expect(estimateSettlement({ ...base, applyToOpenCharges: false })).toMatchObject({
      applied: 0,
      returned: 400,
    });
  });

  it('never returns less than nothing: deductions beyond the deposit stay owing', () => {
    expect(
      estimateSettlement({
        held: 200,
        openCharges: 900,
        deductions: [{ amount: 350 }],
        applyToOpenCharges: true,
      }),
    ).toEqual({ deducted: 350, unpaidDeductions: 150, applied: 0, returned: 0 });
  });

  it('ignores a half-typed amount and a credit balance', () => {
    expect(
      estimateSettlement({
        held: 300,
        openCharges: -40,
        deductions: [{ amount: '' }, { amount: 10.005 }],
        applyToOpenCharges: true,
      }),
    ).toEqual({ deducted: 0, unpaidDeductions: 0, applied: 0, returned: 300 });
  });
});
