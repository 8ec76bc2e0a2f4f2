import type { NotificatorType, User } from '@tracklane/domain';
import type { Config } from '../config.js';
import type { Broadcaster } from '../live/live-message.js';
import { createFirebaseAuth } from './firebase-auth.js';
import { createFirebaseNotificator } from './firebase.notificator.js';
import { createMailNotificator } from './mail.notificator.js';
import { createMailer, type Mailer } from './mailer.js';
import type { Notificator } from './notificator.js';
import { createSmsNotificator } from './sms.notificator.js';
import { createWebNotificator } from './web.notificator.js';

export interface NotificatorDeps {
  config: Pick<Config, 'smtp' | 'notifications'>;
  broadcaster: Broadcaster;
  /** The server's mailer, when SMTP is configured. */
  mailer: Mailer | undefined;
  /** Reads and saves a user, to drop push tokens FCM no longer knows. */
  users: { findById(id: number): Promise<User | undefined>; update(id: number, user: Record<string, unknown>): Promise<boolean> };
  /** Statistics: a mail went out through a user's own SMTP server. */
  onMailSent?: () => void;
}

/** The channels that can deliver with this configuration, in the order they are listed: web always, the others when set up. */
export const createNotificators = ({ config, broadcaster, mailer, users, onMailSent }: NotificatorDeps): Map<NotificatorType, Notificator> => {
  const channels: Notificator[] = [createWebNotificator(broadcaster)];
  if (config.smtp) channels.push(createMailNotificator({ system: mailer, options: config.notifications.mail, createMailer: (smtp) => createMailer(smtp, onMailSent) }));
  if (config.notifications.sms) channels.push(createSmsNotificator(config.notifications.sms));
  const { firebase } = config.notifications;
  if (firebase) {
    const removeTokens = async (userId: number, tokens: string[]) => {
      const user = await users.findById(userId);
      if (!user) return;
      const kept = String(user.attributes.notificationTokens ?? '').split(/[\s,]+/).filter((token) => token && !tokens.includes(token));
      const attributes = { ...user.attributes };
      if (kept.length > 0) attributes.notificationTokens = kept.join(',');
      else delete attributes.notificationTokens;
      await users.update(userId, { ...user, attributes });
    };
    channels.push(createFirebaseNotificator({ config: firebase, auth: createFirebaseAuth(firebase.serviceAccount), removeTokens }));
  }
  return new Map(channels.map((channel) => [channel.type, channel]));
};
