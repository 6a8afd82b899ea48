import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { failureMessage, serverFieldErrors } from './use-save-form';

const refusal = (errors: Record<string, string[]>) =>
  new ApiError(400, 'Please correct the fields', { message: 'Please correct the fields', errors });

describe('serverFieldErrors', () => {
  it("puts the first of the server's messages on each field it names", () => {
    const error = refusal({
      newPassword: ['Password is too easy to guess.', 'Password is too short'],
      currentPassword: ['Your current password is not right'],
    });
    expect(serverFieldErrors(error)).toEqual({
      newPassword: 'Password is too easy to guess.',
      currentPassword: 'Your current password is not right',
    });
  });

  it("renames the server's fields where the form calls them otherwise", () => {
    const error = refusal({ unitNumbers: ['Units 110, 111 already exist'], rent: ['Too high'] });
    expect(serverFieldErrors(error, { unitNumbers: 'unitNumber' })).toEqual({
      unitNumber: 'Units 110, 111 already exist',
      rent: 'Too high',
    });
  });

  it('names no field for a refusal without field errors, or a failure that is not the server', () => {
    expect(serverFieldErrors(new ApiError(409, 'Unit 101 already exists', null))).toEqual({});
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });
});

describe('failureMessage', () => {
  it("shows the server's message, else the form's words for the failure", () => {
    expect(failureMessage(new ApiError(409, 'Unit 101 already exists', null), 'Failed')).toBe(
      'Unit 101 already exists',
    );
    expect(failureMessage(new ApiError(500, null, null), 'Failed to save unit')).toBe(
      'Failed to save unit',
    );
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed to save unit')).toBe(
      'Failed to save unit',
    );
  });

  it('lets a form word every failure itself', () => {
    const failed = (error: unknown) =>
      error instanceof ApiError && error.status === 401 ? 'Please log in' : 'Failed';
    expect(failureMessage(new ApiError(401, 'Unauthorized', null), failed)).toBe('Please log in');
    expect(failureMessage(new ApiError(400, 'Bad', null), failed)).toBe('Failed');
  });
});
