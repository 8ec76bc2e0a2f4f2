import { interpret, type Scope } from './jexl-interpreter.js';
import { parse } from './jexl-parser.js';
import { JexlError, type JexlValue } from './jexl-values.js';

export interface CompiledExpression {
  readonly source: string;
  /** Evaluates against the variables; assignments change `variables`. Throws JexlError. */
  evaluate(variables: Scope): JexlValue;
}

/** Anything unexpected (a RangeError deep in a conversion, say) becomes an expression error too. */
const asJexlError = (error: unknown): JexlError =>
  error instanceof JexlError ? error : new JexlError(error instanceof Error ? error.message : String(error));

/** Parses an expression into a reusable evaluator. Throws JexlError on a syntax error or an exceeded limit. */
export const compileExpression = (source: string): CompiledExpression => {
  let tree;
  try {
    tree = parse(source);
  } catch (error) {
    throw asJexlError(error);
  }
  return {
    source,
    evaluate: (variables) => {
      try {
        return interpret(tree, variables);
      } catch (error) {
        throw asJexlError(error);
      }
    },
  };
};

/**
 * Expressions compiled once and kept by their text (computed attributes run on every position).
 * Syntax errors are kept too, so a broken expression is not parsed again on each position.
 */
export const createExpressionCache = (capacity = 1000) => {
  const entries = new Map<string, CompiledExpression | JexlError>();
  return {
    compile: (source: string): CompiledExpression => {
      let entry = entries.get(source);
      if (entry === undefined) {
        try {
          entry = compileExpression(source);
        } catch (error) {
          entry = asJexlError(error);
        }
        if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
        entries.set(source, entry);
      }
      if (entry instanceof JexlError) throw entry;
      return entry;
    },
    size: () => entries.size,
  };
};

export type ExpressionCache = ReturnType<typeof createExpressionCache>;
