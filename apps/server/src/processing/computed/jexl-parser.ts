import type { AssignOperator, BinaryOperator, Node } from './jexl-ast.js';
import { isKnownFunction } from './jexl-functions.js';
import { tokenize, type Token } from './jexl-tokenizer.js';
import { checkedInteger, isForbiddenName, JexlError } from './jexl-values.js';

/** Limits that make a hostile expression fail at once instead of eating the pipeline's time. */
export const PARSE_LIMITS = {
  /** Characters of expression text. */
  length: 4096,
  /** Syntax tree nodes. */
  nodes: 2000,
  /** Levels of nesting, both while parsing and in the finished tree. */
  depth: 100,
};

/** JEXL features that Traccar's engine leaves off (reference/processing.md §6) and statements we do not offer. */
const DISALLOWED = new Set(['var', 'let', 'const', 'for', 'while', 'do', 'new', 'function', 'return', 'break', 'continue', 'if', 'else', 'import', 'throw', 'try', 'catch', 'switch']);

const WORD_OPERATORS = new Map<string, string>([
  ['and', '&&'], ['or', '||'], ['eq', '=='], ['ne', '!='], ['lt', '<'], ['le', '<='], ['gt', '>'], ['ge', '>='], ['div', '/'], ['mod', '%'],
]);

const ASSIGN: readonly string[] = ['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^='];

/** Binding power of each infix operator, loosest first (JEXL's precedence). */
const INFIX_POWER = new Map<string, number>([
  ['?', 2], ['?:', 2], ['??', 2],
  ['||', 3], ['&&', 4], ['|', 5], ['^', 6], ['&', 7],
  ['==', 8], ['!=', 8],
  ['<', 9], ['<=', 9], ['>', 9], ['>=', 9], ['=~', 9], ['!~', 9], ['=^', 9], ['!^', 9], ['=$', 9], ['!$', 9],
  ['+', 10], ['-', 10], ['*', 11], ['/', 11], ['%', 11],
]);
const UNARY_POWER = 12;

/** Parses an expression (`;`-separated statements) into a syntax tree, within PARSE_LIMITS. */
export const parse = (source: string): Node => {
  if (source.length > PARSE_LIMITS.length) throw new JexlError(`expression longer than ${PARSE_LIMITS.length} characters`);
  const tokens = tokenize(source);
  let position = 0;
  let nodes = 0;
  let depth = 0;
  const heights = new WeakMap<Node, number>();

  const peek = (offset = 0): Token => tokens[Math.min(position + offset, tokens.length - 1)]!;
  const next = (): Token => tokens[Math.min(position++, tokens.length - 1)]!;
  const fail = (message: string, token: Token = peek()): never => {
    throw new JexlError(`${message} at position ${token.at + 1}`);
  };
  const isOperator = (text: string, token: Token = peek()) => token.kind === 'operator' && token.text === text;
  const expect = (text: string) => {
    if (!isOperator(text)) fail(peek().kind === 'end' ? `missing '${text}'` : `expected '${text}'`);
    next();
  };

  /** Every node is made here: counts them and keeps the tree's height within the limit. */
  const make = (node: Node, ...children: Node[]): Node => {
    if (++nodes > PARSE_LIMITS.nodes) throw new JexlError('expression too complex');
    const height = 1 + Math.max(0, ...children.map((child) => heights.get(child) ?? 1));
    if (height > PARSE_LIMITS.depth) throw new JexlError('expression nested too deeply');
    heights.set(node, height);
    return node;
  };

  const checkName = (name: string, token: Token) => {
    if (isForbiddenName(name)) fail(`access to '${name}' is not allowed`, token);
  };

  const list = (close: string): Node[] => {
    const items: Node[] = [];
    while (!isOperator(close)) {
      items.push(expression(2));
      if (!isOperator(close)) expect(',');
    }
    next();
    return items;
  };

  const braces = (open: Token): Node => {
    if (isOperator(':') && isOperator('}', peek(1))) {
      position += 2;
      return make({ kind: 'map', entries: [] });
    }
    if (isOperator('}')) {
      next();
      return make({ kind: 'set', items: [] });
    }
    const first = expression(2);
    if (!isOperator(':')) {
      const items = [first];
      if (!isOperator('}')) expect(',');
      items.push(...list('}'));
      return make({ kind: 'set', items }, ...items);
    }
    const entries: [Node, Node][] = [];
    let key = first;
    for (;;) {
      expect(':');
      entries.push([key, expression(2)]);
      if (isOperator('}')) break;
      expect(',');
      if (isOperator('}')) break;
      key = expression(2);
    }
    if (peek().kind === 'end') fail('missing \'}\'', open);
    next();
    return make({ kind: 'map', entries }, ...entries.flat());
  };

  const identifier = (token: Token): Node => {
    const name = token.text;
    switch (name) {
      case 'true': return make({ kind: 'literal', value: true });
      case 'false': return make({ kind: 'literal', value: false });
      case 'null': return make({ kind: 'literal', value: null });
      case 'NaN': return make({ kind: 'literal', value: Number.NaN });
      case 'not': {
        const operand = expression(UNARY_POWER);
        return make({ kind: 'unary', operator: '!', operand }, operand);
      }
      case 'empty':
      case 'size': {
        const operand = expression(UNARY_POWER);
        return make({ kind: 'unary', operator: name, operand }, operand);
      }
      default:
        break;
    }
    if (DISALLOWED.has(name)) fail(`'${name}' is not allowed in computed attributes`, token);
    if (WORD_OPERATORS.has(name)) fail(`unexpected '${name}'`, token);
    // namespace:function( — written without spaces, so `a ? b : c(x)` stays a ternary
    const colon = peek();
    const fn = peek(1);
    if (isOperator(':', colon) && colon.at === token.at + name.length && fn.kind === 'identifier' && fn.at === colon.at + 1 && isOperator('(', peek(2))) {
      position += 3;
      if (!isKnownFunction(name, fn.text)) fail(`unknown function '${name}:${fn.text}'`, fn);
      const args = list(')');
      return make({ kind: 'function', namespace: name, name: fn.text, args }, ...args);
    }
    if (isOperator('(')) fail(`unknown function '${name}'`, token);
    checkName(name, token);
    return make({ kind: 'variable', name });
  };

  const prefix = (): Node => {
    const token = next();
    switch (token.kind) {
      case 'integer': return make({ kind: 'literal', value: checkedInteger(BigInt(token.text)) });
      case 'decimal': return make({ kind: 'literal', value: Number(token.text) });
      case 'string': return make({ kind: 'literal', value: token.text });
      case 'identifier': return identifier(token);
      case 'end': return fail('unexpected end of expression', token);
      case 'operator':
        break;
    }
    switch (token.text) {
      case '(': {
        const inner = sequence(')');
        next();
        return inner;
      }
      case '[': {
        const items = list(']');
        return make({ kind: 'array', items }, ...items);
      }
      case '{':
        return braces(token);
      case '-':
      case '+':
      case '!':
      case '~': {
        const operand = expression(UNARY_POWER);
        return make({ kind: 'unary', operator: token.text, operand }, operand);
      }
      default:
        return fail(`unexpected '${token.text}'`, token);
    }
  };

  const postfix = (object: Node): Node | undefined => {
    const token = peek();
    if (isOperator('.', token) || isOperator('?.', token)) {
      next();
      const name = next();
      if (name.kind !== 'identifier') fail('expected a property or method name', name);
      checkName(name.text, name);
      const safe = token.text === '?.';
      if (isOperator('(')) {
        next();
        const args = list(')');
        return make({ kind: 'method', object, name: name.text, args, safe }, object, ...args);
      }
      return make({ kind: 'property', object, name: name.text, safe }, object);
    }
    if (isOperator('[', token)) {
      next();
      const index = expression(0);
      expect(']');
      return make({ kind: 'index', object, index, safe: false }, object, index);
    }
    return undefined;
  };

  const infixOperator = (token: Token): string | undefined => {
    if (token.kind === 'identifier') return WORD_OPERATORS.get(token.text);
    return token.kind === 'operator' ? token.text : undefined;
  };

  function expression(minimum: number): Node {
    if (++depth > PARSE_LIMITS.depth) throw new JexlError('expression nested too deeply');
    let left = prefix();
    for (;;) {
      const extended = postfix(left);
      if (extended) {
        left = extended;
        continue;
      }
      const token = peek();
      const operator = infixOperator(token);
      if (operator === undefined) break;
      if (ASSIGN.includes(operator)) {
        if (minimum > 1) break;
        const target = left.kind === 'variable' ? left.name : fail('only variables can be assigned', token);
        next();
        const value = expression(1);
        left = make({ kind: 'assign', operator: operator as AssignOperator, name: target, value }, value);
        continue;
      }
      const power = INFIX_POWER.get(operator);
      if (power === undefined || power < minimum) break;
      next();
      if (operator === '?') {
        const then = expression(2);
        expect(':');
        const otherwise = expression(2);
        left = make({ kind: 'conditional', test: left, then, otherwise }, left, then, otherwise);
      } else if (operator === '?:' || operator === '??') {
        const right = expression(2);
        left = make({ kind: operator === '?:' ? 'elvis' : 'coalesce', left, right }, left, right);
      } else if (operator === '&&' || operator === '||') {
        const right = expression(power + 1);
        left = make({ kind: 'logical', operator, left, right }, left, right);
      } else {
        const right = expression(power + 1);
        left = make({ kind: 'binary', operator: operator as BinaryOperator, left, right }, left, right);
      }
    }
    depth--;
    return left;
  }

  /** Statements up to `close` (or the end): a single one stands alone, several make a sequence. */
  function sequence(close: string | undefined): Node {
    const items: Node[] = [];
    for (;;) {
      while (isOperator(';')) next();
      const token = peek();
      if (token.kind === 'end' || (close !== undefined && isOperator(close, token))) break;
      items.push(expression(0));
      const after = peek();
      if (!isOperator(';', after) && after.kind !== 'end' && !(close !== undefined && isOperator(close, after))) fail(`unexpected '${after.text}'`, after);
    }
    if (close !== undefined && !isOperator(close)) fail(`missing '${close}'`);
    if (items.length === 0) fail('empty expression');
    return items.length === 1 ? items[0]! : make({ kind: 'sequence', items }, ...items);
  }

  return sequence(undefined);
};
