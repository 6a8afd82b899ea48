import { describe, expect, it } from 'vitest';
import { depositMovementText } from './deposit-text';

describe('depositMovementText', () => {
  it('says a movement once, not its kind twice', () => {
    expect(depositMovementText({ kind: 'returned', description: 'Returned to tenant' })).toBe(
      'Returned to tenant',
    );
    expect(depositMovementText({ kind: 'applied', description: 'Open charges at move-out' })).toBe(
      'Applied to open charges',
    );
  });

  it('keeps a description that adds something', () => {
    expect(depositMovementText({ kind: 'deducted', description: 'Broken blinds' })).toBe(
      'Deduction: Broken blinds',
    );
    expect(depositMovementText({ kind: 'received', description: null })).toBe('Received');
  });
});
