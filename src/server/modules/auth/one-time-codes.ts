import { randomBytes } from 'node:crypto';
import { hashToken } from './sessions.repository';

/**
 * A code for a link that works once (password reset, invitation): 256 random bits for the
 * link, and only its SHA-256 for the database.
 */
export function newOneTimeCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashToken(code) };
}

export const hashOneTimeCode = hashToken;
