import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Hands one message to the SMTP server; rejects when it refuses it or does not answer. */
  send(mail: OutgoingMail): Promise<void>;
}

/** A whole delivery (connect, greeting, TLS, login, message) gives up after this many timeouts. */
const DELIVERY_TIMEOUTS = 6;

/**
 * An SMTP transport from SMTP_URL: a connection per message (a mail is rare here), with
 * connection, greeting and socket timeouts, so a server that never answers fails the job
 * (retried later) instead of holding it for minutes.
 */
export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    dnsTimeout: config.timeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        signal: AbortSignal.timeout(config.timeoutMs * DELIVERY_TIMEOUTS),
      });
    },
  };
}
