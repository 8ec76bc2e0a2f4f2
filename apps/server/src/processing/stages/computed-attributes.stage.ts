import type { ComputedAttribute, Device } from '@tracklane/domain';
import type { PipelinePosition } from '../pipeline-position.js';
import type { StageInput } from '../stage-input.js';

/**
 * The slot for computed attributes (reference/processing.md §6). The pipeline calls the evaluator
 * twice per position: the *early* pass (priority < 0, before distance, filters and geofences) and
 * the *late* pass (priority ≥ 0, after motion). It receives the device's linked attributes of that
 * pass already in evaluation order (highest priority first) and sets or removes attributes or
 * position fields on `position`. An evaluator handles its own per-attribute errors; anything it
 * throws is logged and the position goes on.
 */
export interface ComputedAttributeEvaluator {
  evaluate(position: PipelinePosition, attributes: readonly ComputedAttribute[], input: { device: Device; last: PipelinePosition | undefined }): void;
}

/** Default until an expression evaluator is plugged in: computed attributes change nothing. */
export const NO_COMPUTED_ATTRIBUTES: ComputedAttributeEvaluator = { evaluate: () => undefined };

export type ComputedAttributePass = 'early' | 'late';

/** Pipeline stage 1 (early) or 13 (late). */
export const computedAttributesStage = (evaluator: ComputedAttributeEvaluator, pass: ComputedAttributePass) =>
  ({ position, last, context }: StageInput): void => {
    const attributes = context.computedAttributes[pass];
    if (attributes.length > 0) evaluator.evaluate(position, attributes, { device: context.device, last });
  };
