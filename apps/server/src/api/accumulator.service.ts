import { formatInstant, type User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { badRequest } from '../errors.js';

/** Resetting a device's odometer/engine-hours counters by storing a corrected copy of its latest position. */
export const createAccumulatorService = (ctx: AppContext) => ({
  reset: async (user: User, body: { deviceId: number; totalDistance?: number | null; hours?: number | null }): Promise<void> => {
    await ctx.policy.assertAccess(user, 'deviceId', body.deviceId);
    const server = await ctx.repos.server.get();
    ctx.policy.assertAllowed(user, server, 'readonly');
    ctx.policy.assertAllowed(user, server, 'deviceReadonly');
    const device = await ctx.repos.devices.findById(body.deviceId);
    const [latest] = device && device.positionId ? await ctx.repos.positions.findByIds([device.positionId]) : [];
    if (!device || !latest) throw badRequest('The device has no position to start from');
    const attributes = { ...latest.attributes };
    if (body.totalDistance != null) attributes.totalDistance = body.totalDistance;
    if (body.hours != null) attributes.hours = body.hours;
    const { id: _previousId, ...copy } = latest;
    const position = { ...copy, serverTime: formatInstant(ctx.now()), attributes };
    const id = await ctx.storage.db.transaction().execute(async (trx) => {
      const positionId = await ctx.repos.positions.insert(position, trx);
      await ctx.repos.deviceState.setLatestPosition(device.id, positionId, position.fixTime === null ? null : Date.parse(position.fixTime), trx);
      return positionId;
    });
    ctx.broadcaster.publish({ kind: 'position', position: { ...position, id } });
  },
});
