import { z } from 'zod';

/**
 * Where a mail stands: 'not_sent' when the server has no SMTP (it would have gone out),
 * 'queued' waiting for its first try, 'retrying' after a refused or unanswered try,
 * 'failed' after its last try, 'sent' accepted by the SMTP server.
 */
export const MAIL_STATES = ['not_sent', 'queued', 'retrying', 'failed', 'sent'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const adminMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** The notification kind it carries; null for other mail (password reset, invitation). */
  kind: z.string().nullable(),
  state: z.enum(MAIL_STATES),
  /** The start of the body; null for a mail that carries a one-time link (never shown). */
  preview: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;

export const ADMIN_MAIL_PAGE_SIZE = 25;

export const adminMailQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_MAIL_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** How much of a body the list shows. */
export const MAIL_PREVIEW_CHARS = 600;
