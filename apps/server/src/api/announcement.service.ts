import { sql } from 'kysely';
import type { NotificationMessageInput, User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { announcementAudience } from '../auth/announcement-rules.js';
import { badRequest } from '../errors.js';
import { UnknownNotificatorError } from '../notifications/notification-service.js';

/** Announcements from managers and administrators to their users through one channel. */
export const createAnnouncementService = (ctx: AppContext) => ({
  send: async (caller: User, notificator: string, userIds: number[], message: NotificationMessageInput): Promise<void> => {
    const audience = await announcementAudience(ctx.policy, caller, userIds);
    const restrictions = [...(audience ? [audience] : []), ...(userIds.length > 0 ? [sql`(${sql.join(userIds)})`] : [])];
    const users = (await ctx.repos.users.list({ restrictions, sortColumn: 'name' })).filter((user) => !user.disabled);
    try {
      ctx.notifications.announce(users, notificator, {
        body: message.body,
        subject: message.subject ?? undefined,
        digest: message.digest ?? undefined,
        priority: message.priority,
      });
    } catch (error) {
      if (error instanceof UnknownNotificatorError) throw badRequest(error.message);
      throw error;
    }
  },
});
