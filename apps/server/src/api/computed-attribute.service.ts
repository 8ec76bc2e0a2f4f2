import type { ComputedAttribute, User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { badRequest } from '../errors.js';
import { createComputedAttributes } from '../processing/computed/computed-attributes.evaluator.js';
import { typedResult } from '../processing/computed/computed-result.js';
import { JexlError } from '../processing/computed/jexl-values.js';
import { fromStored } from '../processing/pipeline-position.js';

/** `POST /api/attributes/computed/test`: one expression against a device's latest position, nothing saved. */
export const createComputedAttributeService = (ctx: AppContext) => {
  const evaluator = createComputedAttributes({ ...ctx.config.computedAttributes, log: ctx.log });
  return {
    /** The typed result, or null; a failing expression is a 400 carrying its message. */
    test: async (user: User, deviceId: number, attribute: Pick<ComputedAttribute, 'expression' | 'type'>): Promise<number | boolean | string | null> => {
      ctx.policy.assertAdmin(user);
      await ctx.policy.assertAccess(user, 'deviceId', deviceId);
      const device = await ctx.repos.devices.findById(deviceId);
      const [stored] = device && device.positionId > 0 ? await ctx.repos.positions.findByIds([device.positionId]) : [];
      if (!device || !stored) throw badRequest('The device has no position to test against');
      const position = fromStored(stored);
      try {
        // the latest position is also what the pipeline would hold as the last one
        const result = evaluator.compute(attribute, position, { device, last: fromStored(stored) });
        return result === null ? null : typedResult(attribute, result);
      } catch (error) {
        if (error instanceof JexlError) throw badRequest(error.message);
        throw error;
      }
    },
  };
};
