import { z } from 'zod';
import type { Context } from '../../context';
import { insertJob } from '../jobs/jobs.repository';

export const SEND_MAIL = 'mail.send';

/** What a mail.send job carries: one plain-text message to one address. */
export const outgoingMailSchema = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(200),
  text: z.string().min(1).max(20_000),
});

/**
 * Puts a mail in the outbox (the jobs table) in the transaction of the event that causes
 * it: it is sent if and only if the event commits, the request never waits on the SMTP
 * server, and a refused or unanswered delivery is retried with the runner's backoff.
 * `key` names the mail, unique: the same key sends once.
 */
export async function enqueueMail(
  ctx: Context,
  { key, ...mail }: z.infer<typeof outgoingMailSchema> & { key: string },
): Promise<void> {
  await insertJob(ctx.tx, {
    kind: SEND_MAIL,
    key: `mail:${key}`,
    payload: outgoingMailSchema.parse(mail),
    runAt: ctx.now,
  });
}
