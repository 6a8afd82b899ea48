import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnTo } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/invitations/abc')).toBe('/invitations/abc');
    expect(safeReturnPath('/tenants?q=smith#top')).toBe('/tenants?q=smith#top');
  });

  it('refuses anything that would leave the site or is not a path', () => {
    for (const value of [
      null,
      undefined,
      '',
      'invitations/abc',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      `/${'a'.repeat(2_000)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
});

describe('withReturnTo', () => {
  it('adds next only when it is safe', () => {
    expect(withReturnTo('/login', '/invitations/abc')).toBe('/login?next=%2Finvitations%2Fabc');
    expect(withReturnTo('/login', '//evil.example')).toBe('/login');
    expect(withReturnTo('/signup', '/invitations/abc', { role: 'Tenant' })).toBe(
      '/signup?role=Tenant&next=%2Finvitations%2Fabc',
    );
    expect(withReturnTo('/signup', null)).toBe('/signup');
  });
});
