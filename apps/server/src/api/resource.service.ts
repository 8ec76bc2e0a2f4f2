import type { User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { listRestrictions } from '../auth/list-access.js';
import { withoutAttributes, type ListQuery } from './list-query.js';
import { repositoryOf, type ResourceDefinition } from './resource-definitions.js';

type Body = Record<string, unknown>;

/** Rules shared by every generic resource: access, restrictions, references, creator links. */
export const createResourceService = (ctx: AppContext, definition: ResourceDefinition) => {
  const repository = repositoryOf(ctx.repos, definition);
  const { policy } = ctx;
  const changesAccess = definition.key === 'groupId' || definition.key === 'deviceId';

  const assertWritable = async (user: User) => {
    const server = await ctx.repos.server.get();
    policy.assertAllowed(user, server, 'readonly');
    if (definition.writeRestriction === 'administrator') policy.assertAdmin(user);
    else if (definition.writeRestriction) policy.assertAllowed(user, server, definition.writeRestriction);
  };

  const assertReferences = async (user: User, body: Body, previous?: Body) => {
    for (const { field, key } of definition.references) {
      const id = Number(body[field] ?? 0);
      if (id > 0 && id !== Number(previous?.[field] ?? 0)) await policy.assertAccess(user, key, id);
    }
  };

  const load = async (user: User, id: number) => {
    const entity = await repository.findById(id);
    if (!entity) throw notFound(`No ${definition.path} with id ${id}`);
    await policy.assertAccess(user, definition.key, id);
    return entity as unknown as Body;
  };

  /** A group may not become its own ancestor. */
  const assertNoCycle = async (id: number, parentId: number) => {
    const seen = new Set<number>();
    for (let current = parentId; current > 0 && !seen.has(current); ) {
      if (current === id) throw badRequest('A group cannot be its own ancestor');
      seen.add(current);
      current = Number(((await ctx.repos.groups.findById(current)) as Body | undefined)?.groupId ?? 0);
    }
  };

  return {
    assertWritable,
    assertReferences,
    list: async (user: User, query: ListQuery) => {
      const restrictions = await listRestrictions(policy, user, definition.key, query, {
        ownerFilters: definition.listStyle === 'extended',
        expandForUser: definition.listStyle === 'simple',
      });
      const items = await repository.list({
        restrictions,
        keyword: query.keyword,
        keywordColumns: definition.keywordColumns,
        sortColumn: definition.sortColumn,
        limit: query.limit,
        offset: query.offset,
      });
      return withoutAttributes(items as object[], query.excludeAttributes);
    },
    get: (user: User, id: number) => load(user, id),
    create: async (user: User, body: Body) => {
      definition.validate?.(body);
      await assertWritable(user);
      await assertReferences(user, body);
      const id = await ctx.storage.db.transaction().execute(async (trx) => {
        const created = await repository.insert(body, trx);
        await ctx.repos.links.add({ owner: 'userId', ownerId: user.id, property: definition.key, propertyId: created }, trx);
        return created;
      });
      // a new notification linked to its creator can fire at once (an `always` one), so caches hear of it too
      ctx.broadcaster.publish({ kind: !changesAccess ? 'settings-changed' : definition.key === 'deviceId' ? 'device-added' : 'access-changed' });
      return (await repository.findById(id)) as unknown as Body;
    },
    update: async (user: User, id: number, body: Body) => {
      if (body.id !== undefined && Number(body.id) !== 0 && Number(body.id) !== id) throw badRequest('Body id does not match the path');
      definition.validate?.(body);
      const previous = await load(user, id);
      await assertWritable(user);
      await assertReferences(user, body, previous);
      if (definition.key === 'groupId') await assertNoCycle(id, Number(body.groupId ?? 0));
      await repository.update(id, body);
      ctx.broadcaster.publish({ kind: changesAccess ? 'access-changed' : 'settings-changed' });
      return (await repository.findById(id)) as unknown as Body;
    },
    remove: async (user: User, id: number) => {
      await load(user, id);
      await assertWritable(user);
      if (!(await repository.delete(id))) throw forbidden('Delete refused');
      ctx.broadcaster.publish({ kind: changesAccess ? 'access-changed' : 'settings-changed' });
    },
  };
};
