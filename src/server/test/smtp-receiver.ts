import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpReceiver {
  /** smtp://user:password@127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted, parsed, in order. */
  received: ParsedMail[];
  /** While true, every recipient is refused with 550 (a full mailbox, an unknown user). */
  refuse: boolean;
  /** The logins the server saw, as user:password. */
  logins: string[];
  close(): Promise<void>;
}

const USER = 'porchlight';
const PASSWORD = 'smtp-secret-7';

/**
 * A real SMTP server on 127.0.0.1 and a free port: mail tests go through a real SMTP
 * conversation (EHLO, AUTH, MAIL FROM, RCPT TO, DATA), never a mocked transport.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const receiver: SmtpReceiver = {
    url: '',
    received: [],
    refuse: false,
    logins: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on the loopback: no certificate to trust, and AUTH without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      receiver.logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (!receiver.refuse) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          receiver.received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  receiver.url = `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  return receiver;
}
