import { useState } from 'react';

/** A fresh idempotency key: 32 hex digits or a UUID. */
export function randomKey(): string {
  // randomUUID needs a secure context; getRandomValues works on plain http too (a LAN install).
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per mounted form: a double click or a retry of the same form sends the same key,
 * so the server records one payment; the next opened form gets a new one.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(randomKey);
  return key;
}
