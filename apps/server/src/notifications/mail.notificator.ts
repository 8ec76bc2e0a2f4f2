import type { User } from '@tracklane/domain';
import type { SmtpConfig } from '../config.js';
import type { Mailer } from './mailer.js';
import type { NotificationConfig } from './notification-config.js';
import { PermanentDeliveryError, type Notificator } from './notificator.js';

const flag = (value: unknown): boolean => value === true || value === 'true';

/** SMTP settings a user keeps in their own attributes (Traccar's `mail.smtp.*` keys), if any. */
export const userSmtp = (user: Pick<User, 'attributes' | 'email'>): SmtpConfig | undefined => {
  const a = user.attributes;
  const host = typeof a['mail.smtp.host'] === 'string' ? a['mail.smtp.host'].trim() : '';
  if (!host) return undefined;
  const port = Number(a['mail.smtp.port'] ?? 25);
  const username = typeof a['mail.smtp.username'] === 'string' ? a['mail.smtp.username'] : undefined;
  return {
    host,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 25,
    secure: flag(a['mail.smtp.ssl.enable']),
    user: username,
    password: typeof a['mail.smtp.password'] === 'string' ? a['mail.smtp.password'] : undefined,
    from: typeof a['mail.smtp.from'] === 'string' && a['mail.smtp.from'] ? a['mail.smtp.from'] : (username ?? user.email),
  };
};

export interface MailNotificatorDeps {
  /** The server's mailer (SMTP_*); undefined when none is configured. */
  system: Mailer | undefined;
  options: NotificationConfig['mail'];
  createMailer: (smtp: SmtpConfig) => Mailer;
}

/**
 * Mails the subject and HTML body to the user's address, through the user's own SMTP server when
 * their attributes name one (unless SMTP_IGNORE_USER_CONFIG), else the server's (unless SMTP_SYSTEM_ONLY).
 */
export const createMailNotificator = ({ system, options, createMailer }: MailNotificatorDeps): Notificator => ({
  type: 'mail',
  send: async ({ user, message }) => {
    const mail = { to: user.email, subject: message.subject, text: message.digest, html: message.body };
    const own = options.ignoreUserConfig ? undefined : userSmtp(user);
    if (own) {
      const mailer = createMailer(own);
      try {
        await mailer.send(mail);
      } finally {
        mailer.close();
      }
      return;
    }
    if (!system || options.systemOnly) throw new PermanentDeliveryError('no SMTP server for this user');
    await system.send(mail);
  },
});
