import type { AssignOperator, Node } from './jexl-ast.js';
import { callFunction } from './jexl-functions.js';
import { callMethod, readIndex, readProperty } from './jexl-members.js';
import { arithmetic, binary, unary } from './jexl-operators.js';
import { JexlError, toLong, truthy, type JexlValue } from './jexl-values.js';

/** Nodes one evaluation may visit; with no loops in the language this is a safety net, not a working limit. */
export const MAX_STEPS = 10_000;

/** Variables of one evaluation; assignments change only this map, never the position it came from. */
/** The variables an expression reads and assigns (a Map will do; computed attributes resolve them lazily). */
export interface Scope {
  has(name: string): boolean;
  get(name: string): JexlValue | undefined;
  set(name: string, value: JexlValue): unknown;
}

class UndefinedVariable extends JexlError {}

const COMPOUND: Record<Exclude<AssignOperator, '='>, '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^'> = {
  '+=': '+', '-=': '-', '*=': '*', '/=': '/', '%=': '%', '&=': '&', '|=': '|', '^=': '^',
};

/** Walks a syntax tree against a scope (JEXL semantics, strict: unknown variables and null arithmetic are errors). */
export const interpret = (root: Node, scope: Scope): JexlValue => {
  let steps = 0;

  const read = (name: string): JexlValue => {
    if (!scope.has(name)) throw new UndefinedVariable(`undefined variable '${name}'`);
    return scope.get(name)!;
  };

  /** `x ?? y`, `x ?: y` and `x ? a : b` treat an undefined variable as null instead of failing. */
  const lenient = (node: Node): JexlValue => {
    try {
      return evaluate(node);
    } catch (error) {
      if (error instanceof UndefinedVariable && node.kind === 'variable') return null;
      throw error;
    }
  };

  const evaluate = (node: Node): JexlValue => {
    if (++steps > MAX_STEPS) throw new JexlError('expression takes too long');
    switch (node.kind) {
      case 'literal': return node.value;
      case 'variable': return read(node.name);
      case 'array': return Object.freeze(node.items.map(evaluate));
      case 'set': return new Set(node.items.map(evaluate));
      case 'map': return new Map(node.entries.map(([key, value]) => [evaluate(key), evaluate(value)]));
      case 'unary': return unary(node.operator, evaluate(node.operand));
      case 'binary': return binary(node.operator, evaluate(node.left), evaluate(node.right));
      case 'logical': {
        const left = evaluate(node.left);
        return (node.operator === '&&') === truthy(left) ? evaluate(node.right) : left;
      }
      case 'conditional': return truthy(lenient(node.test)) ? evaluate(node.then) : evaluate(node.otherwise);
      case 'elvis': {
        const left = lenient(node.left);
        return truthy(left) ? left : evaluate(node.right);
      }
      case 'coalesce': {
        const left = lenient(node.left);
        return left !== null ? left : evaluate(node.right);
      }
      case 'property': {
        const object = evaluate(node.object);
        return object === null && node.safe ? null : readProperty(object, node.name);
      }
      case 'index': return readIndex(evaluate(node.object), evaluate(node.index));
      case 'method': {
        const object = evaluate(node.object);
        if (object === null && node.safe) return null;
        return callMethod(object, node.name, node.args.map(evaluate));
      }
      case 'function': return callFunction(node.namespace, node.name, node.args.map(evaluate));
      case 'assign': {
        const value = evaluate(node.value);
        const result = node.operator === '=' ? value : compound(node.operator, read(node.name), value);
        scope.set(node.name, result);
        return result;
      }
      case 'sequence': {
        let last: JexlValue = null;
        for (const item of node.items) last = evaluate(item);
        return last;
      }
    }
  };

  const compound = (operator: Exclude<AssignOperator, '='>, current: JexlValue, value: JexlValue): JexlValue => {
    const op = COMPOUND[operator];
    switch (op) {
      case '&': return BigInt.asIntN(64, toLong(current, op) & toLong(value, op));
      case '|': return BigInt.asIntN(64, toLong(current, op) | toLong(value, op));
      case '^': return BigInt.asIntN(64, toLong(current, op) ^ toLong(value, op));
      default: return arithmetic(op, current, value);
    }
  };

  return evaluate(root);
};
