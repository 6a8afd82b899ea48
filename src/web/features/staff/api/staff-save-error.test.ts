import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { staffSaveError } from './staff-save-error';

describe('staffSaveError', () => {
  it('shows a plain string body', () => {
    expect(staffSaveError(new ApiError(400, 'Email taken', 'Email taken'))).toBe('Email taken');
  });
  it('shows the message field', () => {
    expect(
      staffSaveError(
        new ApiError(400, 'Please select a property', {
          message: 'Please select a property',
          errors: { propertyId: ['x'] },
        }),
      ),
    ).toBe('Please select a property');
  });
  it('joins an errors map with commas when there is no message', () => {
    const body = {
      errors: {
        firstName: ['First name is required'],
        email: ['Email must be a valid email address', 'Too long'],
      },
    };
    expect(staffSaveError(new ApiError(400, null, body))).toBe(
      'First name is required, Email must be a valid email address, Too long',
    );
  });
  it('shows the network error message', () => {
    expect(staffSaveError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
  it('falls back to the default', () => {
    expect(staffSaveError(new ApiError(500, null, null))).toBe('Failed to save staff member');
    expect(staffSaveError(new ApiError(400, null, { errors: {} }))).toBe(
      'Failed to save staff member',
    );
    expect(staffSaveError(undefined)).toBe('Failed to save staff member');
  });
});
