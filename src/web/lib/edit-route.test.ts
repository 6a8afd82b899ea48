import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isRecordNotFound } from './edit-route';

describe('isRecordNotFound', () => {
  it('is false on a create route and while an edit loads or after it loaded', () => {
    expect(isRecordNotFound(undefined, null)).toBe(false);
    expect(isRecordNotFound('12', null)).toBe(false);
  });

  it('is true for an id segment that is not a positive integer', () => {
    for (const id of ['abc', '0', '-3', '1.5', '012', '12abc', '']) {
      expect(isRecordNotFound(id, null), id).toBe(true);
    }
  });

  it("is true when the load answered 404 (a missing record or another landlord's)", () => {
    expect(isRecordNotFound('999999', new ApiError(404, 'Unit not found', null))).toBe(true);
  });

  it('is false for any other failure: the form stays as it is', () => {
    expect(isRecordNotFound('12', new ApiError(500, null, null))).toBe(false);
    expect(isRecordNotFound('12', new ApiError(403, 'Forbidden', null))).toBe(false);
    expect(isRecordNotFound('12', new TypeError('Failed to fetch'))).toBe(false);
  });
});
