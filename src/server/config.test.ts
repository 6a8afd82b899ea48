import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { NODE_ENV: 'test' } as const;

describe('mail configuration', () => {
  it('is not configured without SMTP_URL (an empty value counts as unset)', () => {
    expect(loadConfig(base)).toMatchObject({ mail: null, publicUrl: null });
    expect(loadConfig({ ...base, SMTP_URL: '', MAIL_FROM: '' }).mail).toBeNull();
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL, with 10-second timeouts', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Porchlight <no-reply@example.com>',
      PUBLIC_URL: 'https://rent.example.com/',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      from: 'Porchlight <no-reply@example.com>',
      timeoutMs: 10_000,
    });
    expect(config.publicUrl).toBe('https://rent.example.com');
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, /MAIL_FROM/],
    [{ MAIL_FROM: 'no address' }, /MAIL_FROM/],
    [{ MAIL_FROM: 'x@example.com\r\nBcc: y@example.com' }, /MAIL_FROM/],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: undefined }, /PUBLIC_URL/],
    [{ MAIL_FROM: undefined }, /MAIL_FROM/],
  ])('refuses to start with %o', (change, message) => {
    const env = {
      ...base,
      SMTP_URL: 'smtps://mail.example.com',
      MAIL_FROM: 'no-reply@example.com',
      PUBLIC_URL: 'https://rent.example.com',
      ...change,
    };
    expect(() => loadConfig(env)).toThrow(message);
  });
});
