import type { Config } from '../../config';
import type { Context } from '../../context';
import { enqueueMail, keepUnsentMail } from '../mail';
import { emailRecipient } from './notification-preferences.repository';
import type { NewNotification } from './notifications.service';

function mailText(
  notification: NewNotification,
  userName: string,
  publicUrl: string | null,
): string {
  const lines = [`Hello ${userName},`, '', notification.body];
  if (publicUrl) {
    if (notification.link)
      lines.push('', `Open it in Porchlight: ${publicUrl}${notification.link}`);
    lines.push(
      '',
      `To stop these emails, turn this kind off under Contact Info: ${publicUrl}/editcontact`,
    );
  } else {
    lines.push('', 'To stop these emails, turn this kind off under Contact Info in Porchlight.');
  }
  return lines.join('\n');
}

/**
 * The email twin of a notification, in the delivery job's transaction: queued for SMTP, or
 * kept as not sent when the server has no SMTP (the Admin's mail page shows it). Nothing when
 * the account has no address, is disabled, or turned this kind's email off.
 */
export async function emailNotification(
  ctx: Context,
  notification: NewNotification,
  config: Pick<Config, 'mail' | 'publicUrl'>,
): Promise<void> {
  const recipient = await emailRecipient(ctx.tx, notification.userId, notification.kind);
  if (!recipient) return;
  const mail = {
    key: `notification:${notification.key}`,
    to: recipient.email,
    subject: notification.title.slice(0, 200),
    text: mailText(notification, recipient.userName, config.publicUrl),
    userId: notification.userId,
    kind: notification.kind,
    showBody: true,
  };
  if (config.mail) await enqueueMail(ctx, mail);
  else await keepUnsentMail(ctx, mail);
}
