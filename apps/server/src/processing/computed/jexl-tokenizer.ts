import { JexlError } from './jexl-values.js';

export type TokenKind = 'integer' | 'decimal' | 'string' | 'identifier' | 'operator' | 'end';

export interface Token {
  kind: TokenKind;
  /** Operator or identifier text; the decoded text of a string literal; the digits of a number. */
  text: string;
  /** Offset in the expression, for error messages. */
  at: number;
}

/** Longest first, so `=~` wins over `=`. */
const OPERATORS = [
  '&&', '||', '??', '?:', '?.', '==', '!=', '<=', '>=', '=~', '!~', '=^', '!^', '=$', '!$',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=',
  '<', '>', '=', '!', '~', '+', '-', '*', '/', '%', '&', '|', '^', '?', ':', '(', ')', '[', ']', '{', '}', ',', ';', '.',
];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"', '`': '`' };

const IDENTIFIER_START = /[A-Za-z_$]/;
const IDENTIFIER_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;

/** Splits an expression into tokens; comments (`//`, `##`, `/* *\/`) and whitespace are dropped. */
export const tokenize = (source: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (message: string): never => {
    throw new JexlError(`${message} at position ${i + 1}`);
  };

  const readString = (quote: string) => {
    const start = i++;
    let text = '';
    while (i < source.length && source[i] !== quote) {
      let char = source[i++]!;
      if (char === '\\') {
        const next = source[i++];
        if (next === undefined) break;
        if (next === 'u') {
          const hex = source.slice(i, i + 4);
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) fail('bad \\u escape');
          char = String.fromCharCode(parseInt(hex, 16));
          i += 4;
        } else {
          char = ESCAPES[next] ?? next;
        }
      }
      text += char;
    }
    if (source[i] !== quote) {
      i = start;
      fail('unterminated string');
    }
    i++;
    tokens.push({ kind: 'string', text, at: start });
  };

  const readNumber = () => {
    const start = i;
    if (source[i] === '0' && /[xX]/.test(source[i + 1] ?? '')) {
      i += 2;
      while (/[0-9A-Fa-f]/.test(source[i] ?? '')) i++;
      if (i === start + 2) fail('bad hexadecimal number');
      const text = source.slice(start, i);
      if (/[lL]/.test(source[i] ?? '')) i++;
      tokens.push({ kind: 'integer', text, at: start });
      return;
    }
    while (DIGIT.test(source[i] ?? '')) i++;
    let decimal = false;
    if (source[i] === '.' && DIGIT.test(source[i + 1] ?? '')) {
      decimal = true;
      i++;
      while (DIGIT.test(source[i] ?? '')) i++;
    }
    if (/[eE]/.test(source[i] ?? '') && /[0-9+-]/.test(source[i + 1] ?? '')) {
      decimal = true;
      i += 2;
      while (DIGIT.test(source[i] ?? '')) i++;
    }
    const text = source.slice(start, i);
    const suffix = source[i] ?? '';
    if (/[dDfF]/.test(suffix)) {
      decimal = true;
      i++;
    } else if (/[lLhHbB]/.test(suffix)) {
      i++;
    }
    if (IDENTIFIER_START.test(source[i] ?? '')) fail('bad number');
    tokens.push({ kind: decimal ? 'decimal' : 'integer', text, at: start });
  };

  while (i < source.length) {
    const char = source[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if ((char === '/' && source[i + 1] === '/') || (char === '#' && source[i + 1] === '#')) {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) fail('unterminated comment');
      i = end + 2;
    } else if (char === '"' || char === "'") {
      readString(char);
    } else if (DIGIT.test(char)) {
      readNumber();
    } else if (IDENTIFIER_START.test(char)) {
      const start = i;
      while (IDENTIFIER_PART.test(source[i] ?? '')) i++;
      tokens.push({ kind: 'identifier', text: source.slice(start, i), at: start });
    } else {
      const operator = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (!operator) fail(`unexpected character ${JSON.stringify(char)}`);
      tokens.push({ kind: 'operator', text: operator!, at: i });
      i += operator!.length;
    }
  }
  tokens.push({ kind: 'end', text: '', at: source.length });
  return tokens;
};
