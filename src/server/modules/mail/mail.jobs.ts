import type { MailConfig } from '../../config';
import type { JobDefinition } from '../jobs';
import { createMailer } from './mailer';
import { outgoingMailSchema, SEND_MAIL } from './mail.service';
import { deleteSettledMailBefore, isMailSent, recordMailAttempt } from './outgoing-mail.repository';

const DAY_MS = 86_400_000;
/** The Admin's mail page reaches back this far; older settled mail is dropped. */
const KEEP_MAIL_MS = 90 * DAY_MS;

/** Longer than a whole delivery may take (mailer.ts): no other process sends it meanwhile. */
const SEND_LEASE_MS = 5 * 60_000;

/**
 * Delivery of queued mail. It runs outside any transaction (a lease, jobs.types.ts), so a
 * slow SMTP server holds no database connection or lock; a mail may be sent twice if the
 * process dies between the server's acceptance and the recording of it, never lost. A job
 * run again after its mail was recorded as sent (its lease ended first) sends nothing. The
 * payload (it may hold a one-time link) is erased once the job is settled. A job left from
 * an earlier configuration with SMTP is kept as not sent.
 */
export function mailJobs(config: MailConfig | null): JobDefinition[] {
  const sender = config ? createMailer(config) : null;
  return [
    {
      kind: SEND_MAIL,
      leaseMs: SEND_LEASE_MS,
      secretPayload: true,
      run: async (ctx, payload) => {
        const { key, ...mail } = outgoingMailSchema.parse(payload);
        if (key !== undefined && (await isMailSent(ctx.tx, key))) return;
        if (!sender) {
          if (key !== undefined) await recordMailAttempt(ctx.tx, key, { notSent: true });
          return;
        }
        try {
          await sender.send(mail);
        } catch (error) {
          if (key !== undefined) {
            const message = error instanceof Error ? error.message : String(error);
            await recordMailAttempt(ctx.tx, key, { error: message });
          }
          throw error;
        }
        if (key !== undefined) await recordMailAttempt(ctx.tx, key, { sentAt: ctx.now });
      },
    },
    {
      kind: 'mail.prune',
      everyMs: DAY_MS,
      run: async ({ tx, now }) => {
        await deleteSettledMailBefore(tx, new Date(now.getTime() - KEEP_MAIL_MS));
      },
    },
  ];
}
