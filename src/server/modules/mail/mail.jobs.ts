import type { MailConfig } from '../../config';
import type { JobDefinition } from '../jobs/jobs.types';
import { createMailer } from './mailer';
import { outgoingMailSchema, SEND_MAIL } from './mail.service';

/** Longer than a whole delivery may take (mailer.ts): no other process sends it meanwhile. */
const SEND_LEASE_MS = 5 * 60_000;

/**
 * Delivery of queued mail. It runs outside any transaction (a lease, jobs.types.ts), so a
 * slow SMTP server holds no database connection or lock; a mail may be sent twice if the
 * process dies between the server's acceptance and the job's completion, never lost. The
 * payload (it may hold a one-time link) is erased once the job is settled. Without mail
 * configured nothing enqueues mail; a job left from an earlier configuration fails.
 */
export function mailJobs(config: MailConfig | null): JobDefinition[] {
  const sender = config ? createMailer(config) : null;
  return [
    {
      kind: SEND_MAIL,
      leaseMs: SEND_LEASE_MS,
      secretPayload: true,
      run: async (_ctx, payload) => {
        if (!sender) throw new Error('mail is not configured (SMTP_URL)');
        await sender.send(outgoingMailSchema.parse(payload));
      },
    },
  ];
}
