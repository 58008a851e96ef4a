// Evaluates the constant expression of `#if`/`#elif` (after `defined` and macro replacement).

import type { Token } from './tokens';

export interface IfValue {
  value: number;
  error?: string;
}

/** Parses an integer literal of C++ (decimal, hex, octal, binary, with suffixes and ' separators). */
export function parseIntegerLiteral(text: string): number | undefined {
  const t = text.replace(/'/g, '').replace(/[uUlL]+$/, '');
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^0[bB][01]+$/.test(t)) return parseInt(t.slice(2), 2);
  if (/^0[0-7]*$/.test(t)) return parseInt(t, 8);
  if (/^[1-9][0-9]*$/.test(t)) return parseInt(t, 10);
  return undefined;
}

function charValue(text: string): number {
  const m = /^[uUL]?'(.*)'$/.exec(text);
  if (!m) return 0;
  const body = m[1];
  if (body.startsWith('\\')) {
    const esc: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
    if (body[1] === 'x') return parseInt(body.slice(2), 16) || 0;
    if (/^[0-7]+$/.test(body.slice(1))) return parseInt(body.slice(1), 8);
    return esc[body[1]] ?? body.charCodeAt(1);
  }
  return body.charCodeAt(0) || 0;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '*': 10, '/': 10, '%': 10, '+': 9, '-': 9, '<<': 8, '>>': 8, '<': 7, '>': 7, '<=': 7, '>=': 7,
  '==': 6, '!=': 6, '&': 5, '^': 4, '|': 3, '&&': 2, '||': 1,
};

/** Evaluates `tokens` (identifiers left after macro replacement count as 0, `true` as 1). */
export function evaluateIf(tokens: Token[]): IfValue {
  let pos = 0;
  let error: string | undefined;
  const fail = (msg: string) => {
    if (!error) error = msg;
    return 0;
  };
  const peek = () => tokens[pos]?.text;

  function primary(): number {
    const t = tokens[pos];
    if (!t) return fail('expected value in expression');
    pos++;
    if (t.text === '(') {
      const v = conditional();
      if (peek() === ')') pos++;
      else fail("expected ')' in preprocessor expression");
      return v;
    }
    if (t.text === '!') return primary() ? 0 : 1;
    if (t.text === '-') return -primary();
    if (t.text === '+') return primary();
    if (t.text === '~') return ~primary();
    if (t.kind === 'num') {
      const v = parseIntegerLiteral(t.text);
      return v === undefined ? fail(`invalid integer constant '${t.text}' in preprocessor expression`) : v;
    }
    if (t.kind === 'str' && t.text.endsWith("'")) return charValue(t.text);
    if (t.kind === 'id') return t.text === 'true' ? 1 : 0;
    return fail(`unexpected '${t.text}' in preprocessor expression`);
  }

  function binary(minPrec: number): number {
    let left = primary();
    for (;;) {
      const op = peek();
      const prec = op !== undefined ? BINARY_PRECEDENCE[op] : undefined;
      if (prec === undefined || prec < minPrec) return left;
      pos++;
      const right = binary(prec + 1);
      left = applyBinary(op!, left, right);
    }
  }

  function applyBinary(op: string, a: number, b: number): number {
    switch (op) {
      case '*': return a * b;
      case '/': return b === 0 ? fail('division by zero in preprocessor expression') : Math.trunc(a / b);
      case '%': return b === 0 ? fail('division by zero in preprocessor expression') : a % b;
      case '+': return a + b;
      case '-': return a - b;
      case '<<': return a * 2 ** b;
      case '>>': return Math.floor(a / 2 ** b);
      case '<': return +(a < b);
      case '>': return +(a > b);
      case '<=': return +(a <= b);
      case '>=': return +(a >= b);
      case '==': return +(a === b);
      case '!=': return +(a !== b);
      case '&': return a & b;
      case '^': return a ^ b;
      case '|': return a | b;
      case '&&': return +(a !== 0 && b !== 0);
      case '||': return +(a !== 0 || b !== 0);
    }
    return 0;
  }

  function conditional(): number {
    const c = binary(1);
    if (peek() !== '?') return c;
    pos++;
    const a = conditional();
    if (peek() === ':') pos++;
    else fail("expected ':' in preprocessor expression");
    const b = conditional();
    return c ? a : b;
  }

  if (!tokens.length) return { value: 0, error: '#if with no expression' };
  const value = conditional();
  if (pos < tokens.length) fail(`token '${tokens[pos].text}' is not valid in preprocessor expressions`);
  return { value, error };
}
