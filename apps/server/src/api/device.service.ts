import type { Device, UnknownDevice, User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { assertDeviceLimit } from '../auth/device-limit.js';
import { badRequest } from '../errors.js';
import { withoutAttributes, type ListQuery } from './list-query.js';
import { DEVICES } from './resource-definitions.js';
import { createResourceService } from './resource.service.js';

export interface DeviceListQuery extends ListQuery {
  id?: number[];
  uniqueId?: string[];
}

/** Devices: the generic rules plus lookups by id/identifier, the device limit and unique identifiers. */
export const createDeviceService = (ctx: AppContext) => {
  const generic = createResourceService(ctx, DEVICES);
  const { repos, policy } = ctx;

  /** `?id=` / `?uniqueId=`: only devices linked to the caller (administrators too), in parameter order. */
  const lookup = async (user: User, query: DeviceListQuery): Promise<Device[]> => {
    const linked = await repos.devices.list({ restrictions: [policy.linkedIds(user.id, 'deviceId')], sortColumn: 'name' });
    const byUniqueId = new Map(linked.map((device) => [device.uniqueId, device]));
    const byId = new Map(linked.map((device) => [device.id, device]));
    const found = [...(query.uniqueId ?? []).map((uniqueId) => byUniqueId.get(uniqueId.trim())), ...(query.id ?? []).map((id) => byId.get(id))];
    return withoutAttributes(found.filter((device): device is Device => device !== undefined), query.excludeAttributes);
  };

  const assertUniqueId = async (uniqueId: unknown, exceptId = 0) => {
    if (typeof uniqueId === 'string' && (await repos.deviceState.uniqueIdTaken(uniqueId, exceptId))) {
      throw badRequest(`A device with identifier ${uniqueId.trim()} already exists`);
    }
  };

  return {
    /** Recent unknown identifiers that still match no device (administrators only). */
    unknown: async (user: User): Promise<UnknownDevice[]> => {
      policy.assertAdmin(user);
      const entries = ctx.unknownDevices.list();
      const stillUnknown = await Promise.all(entries.map(async (entry) => !(await repos.deviceState.findByUniqueId(entry.uniqueId))));
      return entries.filter((_, index) => stillUnknown[index]);
    },
    get: generic.get,
    remove: generic.remove,
    list: async (user: User, query: DeviceListQuery): Promise<Device[]> => {
      if (query.id?.length || query.uniqueId?.length) return lookup(user, query);
      if (query.deviceId !== undefined) {
        await policy.assertAccess(user, 'deviceId', query.deviceId);
        const linked = ctx.repos.access.directIds('deviceId', query.deviceId, 'linkedDeviceId');
        const items = await repos.devices.list({ restrictions: [linked, ...(user.administrator ? [] : [policy.linkedIds(user.id, 'deviceId')])], sortColumn: 'name' });
        return withoutAttributes(items, query.excludeAttributes);
      }
      return (await generic.list(user, { ...query, groupId: undefined })) as Device[];
    },
    create: async (user: User, body: Record<string, unknown>): Promise<Device> => {
      await generic.assertWritable(user);
      await assertDeviceLimit(policy, user);
      await assertUniqueId(body.uniqueId);
      return (await generic.create(user, body)) as unknown as Device;
    },
    update: async (user: User, id: number, body: Record<string, unknown>): Promise<Device> => {
      await assertUniqueId(body.uniqueId, id);
      return (await generic.update(user, id, body)) as unknown as Device;
    },
  };
};
