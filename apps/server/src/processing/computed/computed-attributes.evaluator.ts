import type { ComputedAttribute, Device } from '@tracklane/domain';
import type { PipelinePosition } from '../pipeline-position.js';
import type { ComputedAttributeEvaluator } from '../stages/computed-attributes.stage.js';
import { buildScope, type ContextFlags } from './computed-context.js';
import { applyResult } from './computed-result.js';
import { createExpressionCache, type ExpressionCache } from './jexl-expression.js';
import type { JexlValue } from './jexl-values.js';

export interface ComputedAttributeLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface ComputedAttributesOptions extends ContextFlags {
  log: ComputedAttributeLog;
  cache?: ExpressionCache;
}

export interface EvaluationInput {
  device: Device | undefined;
  last: PipelinePosition | undefined;
}

export interface ComputedAttributes extends ComputedAttributeEvaluator {
  /** The raw result of one attribute's expression against a position; throws JexlError. */
  compute(attribute: Pick<ComputedAttribute, 'expression'>, position: PipelinePosition, input: EvaluationInput): JexlValue;
}

/**
 * The computed-attribute evaluator the pipeline's two slots call (reference/processing.md §6):
 * each attribute, in the order given, is evaluated against the position as it stands (so later
 * ones see earlier results) and its result stored; an expression that fails or returns the wrong
 * type is logged and skipped.
 */
export const createComputedAttributes = (options: ComputedAttributesOptions): ComputedAttributes => {
  const cache = options.cache ?? createExpressionCache();
  const compute: ComputedAttributes['compute'] = (attribute, position, input) =>
    cache.compile(attribute.expression).evaluate(buildScope(position, input, options));

  return {
    compute,
    evaluate: (position, attributes, input) => {
      for (const attribute of attributes) {
        try {
          applyResult(position, attribute, compute(attribute, position, input));
        } catch (error) {
          options.log.warn(
            { attributeId: attribute.id, attribute: attribute.attribute, deviceId: position.deviceId, error: error instanceof Error ? error.message : String(error) },
            'computed attribute skipped',
          );
        }
      }
    },
  };
};
