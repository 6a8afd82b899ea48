import { z } from 'zod';
import type { Context } from '../../context';
import { insertJob } from '../jobs';
import { recordOutgoingMail } from './outgoing-mail.repository';

export const SEND_MAIL = 'mail.send';

/** What a mail.send job carries: one plain-text message to one address. */
export const outgoingMailSchema = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(200),
  text: z.string().min(1).max(20_000),
  /** The mail's row in outgoing_mail (absent in jobs queued before that table existed). */
  key: z.string().optional(),
});

export interface MailToSend {
  /** Names the mail, unique: the same key is recorded and sent once. */
  key: string;
  to: string;
  subject: string;
  text: string;
  /** The account it is for, and the notification kind it carries, when it is a notification. */
  userId?: number | null;
  kind?: string | null;
  /**
   * Whether an Admin may read its body on the mail page. Off unless asked for: a mail with a
   * one-time link (password reset, invitation) must not be readable by anyone but its
   * recipient.
   */
  showBody?: boolean;
}

const recordOf = (mail: MailToSend) => ({
  key: mail.key,
  userId: mail.userId ?? null,
  kind: mail.kind ?? null,
  toAddress: mail.to,
  subject: mail.subject,
  text: mail.showBody ? mail.text : null,
});

/**
 * Puts a mail in the outbox (the jobs table) in the transaction of the event that causes
 * it: it is sent if and only if the event commits, the request never waits on the SMTP
 * server, and a refused or unanswered delivery is retried with the runner's backoff.
 * `key` names the mail, unique: the same key sends once.
 */
export async function enqueueMail(ctx: Context, mail: MailToSend): Promise<void> {
  const stored = await recordOutgoingMail(ctx.tx, { ...recordOf(mail), status: 'queued' }, ctx.now);
  if (!stored) return;
  await insertJob(ctx.tx, {
    kind: SEND_MAIL,
    key: `mail:${mail.key}`,
    payload: outgoingMailSchema.parse({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      key: mail.key,
    }),
    runAt: ctx.now,
  });
}

/**
 * The server has no SMTP: the mail is only kept, as what would have been sent, for the
 * Admin's mail page.
 */
export async function keepUnsentMail(ctx: Context, mail: MailToSend): Promise<void> {
  await recordOutgoingMail(ctx.tx, { ...recordOf(mail), status: 'not_sent' }, ctx.now);
}
