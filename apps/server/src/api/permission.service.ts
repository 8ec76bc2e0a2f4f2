import type { PermissionKey, User } from '@tracklane/domain';
import { assertMayLink } from '../auth/link-rules.js';
import type { AppContext } from '../app-context.js';
import { badRequest } from '../errors.js';
import { isValidPair } from '../storage/link-tables.js';
import type { Link } from '../storage/link.repository.js';

/** Turns `{"userId":2,"deviceId":12}` into a link, refusing anything but a valid owner→property pair. */
export const parseLink = (body: Record<string, unknown>): Link => {
  const entries = Object.entries(body);
  if (entries.length !== 2) throw badRequest('A permission has exactly two <name>Id keys');
  const [[owner, ownerId], [property, propertyId]] = entries as [[string, unknown], [string, unknown]];
  if (!isValidPair(owner, property)) throw badRequest(`${owner} cannot be linked to ${property}`);
  if (!Number.isInteger(ownerId) || !Number.isInteger(propertyId) || Number(ownerId) < 1 || Number(propertyId) < 1) {
    throw badRequest('Permission ids must be positive integers');
  }
  return { owner, ownerId: Number(ownerId), property: property as PermissionKey, propertyId: Number(propertyId) };
};

/** Linking and unlinking (reference §4.7). */
export const createPermissionService = (ctx: AppContext) => {
  const { policy, repos } = ctx;

  const assertExist = async (links: Link[]) => {
    for (const link of links) {
      for (const [key, id] of [[link.owner, link.ownerId], [link.property, link.propertyId]] as const) {
        if (!(await repos.access.exists(key, id))) throw badRequest(`No object for ${key} ${id}`);
      }
    }
  };

  const apply = async (user: User, bodies: Record<string, unknown>[], action: 'add' | 'remove') => {
    const links = bodies.map(parseLink);
    if (links.length === 0) throw badRequest('No permissions given');
    const pair = `${links[0]!.owner}/${links[0]!.property}`;
    if (links.some((link) => `${link.owner}/${link.property}` !== pair)) throw badRequest('All permissions of one request must use the same keys');
    const server = await repos.server.get();
    for (const link of links) await assertMayLink(policy, user, server, link);
    if (action === 'add') await assertExist(links);
    await ctx.storage.db.transaction().execute(async (trx) => {
      for (const link of links) await repos.links[action](link, trx);
    });
    ctx.broadcaster.publish({ kind: 'access-changed' });
  };

  return {
    add: (user: User, bodies: Record<string, unknown>[]) => apply(user, bodies, 'add'),
    remove: (user: User, bodies: Record<string, unknown>[]) => apply(user, bodies, 'remove'),
    list: async (user: User, query: Record<string, string>) => {
      policy.assertAdmin(user);
      const keys = Object.keys(query);
      if (keys.length < 2) throw badRequest('Give the two keys of the permission');
      const [owner, property] = keys as [string, string];
      if (!isValidPair(owner, property)) throw badRequest(`${owner} cannot be linked to ${property}`);
      return repos.links.list(owner, Number(query[owner]) || 0, property as PermissionKey, Number(query[property]) || 0);
    },
  };
};
