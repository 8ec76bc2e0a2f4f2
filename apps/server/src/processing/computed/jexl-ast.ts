import type { JexlValue } from './jexl-values.js';

export type BinaryOperator =
  | '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^'
  | '==' | '!=' | '<' | '<=' | '>' | '>='
  | '=~' | '!~' | '=^' | '!^' | '=$' | '!$';

export type UnaryOperator = '-' | '+' | '!' | '~' | 'empty' | 'size';

export type AssignOperator = '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=';

/** The syntax tree of an expression; the interpreter walks it, nothing compiles it to code. */
export type Node =
  | { kind: 'literal'; value: JexlValue }
  | { kind: 'variable'; name: string }
  | { kind: 'array'; items: Node[] }
  | { kind: 'map'; entries: [Node, Node][] }
  | { kind: 'set'; items: Node[] }
  | { kind: 'unary'; operator: UnaryOperator; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { kind: 'logical'; operator: '&&' | '||'; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; then: Node; otherwise: Node }
  | { kind: 'elvis'; left: Node; right: Node }
  | { kind: 'coalesce'; left: Node; right: Node }
  | { kind: 'property'; object: Node; name: string; safe: boolean }
  | { kind: 'index'; object: Node; index: Node; safe: boolean }
  | { kind: 'method'; object: Node; name: string; args: Node[]; safe: boolean }
  | { kind: 'function'; namespace: string; name: string; args: Node[] }
  | { kind: 'assign'; operator: AssignOperator; name: string; value: Node }
  | { kind: 'sequence'; items: Node[] };
