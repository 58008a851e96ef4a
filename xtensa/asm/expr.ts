// Assembler expressions: a tokenizer and precedence parser for GNU-as syntax (numbers, character
// constants, symbols, `.`, local label references `1b`/`1f`, unary - ~ !, and the binary operators
// with GNU's precedence levels), and the evaluator over section-relative values.

import { StatementError } from './errors';

export type Expr =
  | { readonly kind: 'num'; readonly value: bigint; readonly column: number }
  | { readonly kind: 'sym'; readonly name: string; readonly column: number }
  | { readonly kind: 'dot'; readonly column: number }
  | { readonly kind: 'unary'; readonly op: string; readonly arg: Expr; readonly column: number }
  | { readonly kind: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr; readonly column: number };

/**
 * A value during assembly: an offset in a section (`section` set) or an absolute number. Absolute
 * values also carry their exact 64-bit value (`exact`) for `.8byte` data; `offset` is its Number.
 */
export interface Value {
  readonly section: object | null;
  readonly offset: number;
  readonly exact?: bigint;
}

export const absolute = (n: number): Value => ({ section: null, offset: n, exact: BigInt(Math.trunc(n)) });

/** An absolute value from its exact 64-bit two's-complement value. */
export const exactValue = (v: bigint): Value => {
  const w = BigInt.asIntN(64, v);
  return { section: null, offset: Number(w), exact: w };
};

/** The exact integer of an absolute value. */
export const exactOf = (v: Value): bigint => v.exact ?? BigInt(Math.trunc(v.offset));

/** What an expression may refer to while it is evaluated. */
export interface EvalEnv {
  /** The value of a symbol, or undefined if it has no value (yet). */
  symbol(name: string, column: number): Value | undefined;
  /** The location counter. */
  readonly dot: Value;
  /** Message for a symbol without value: differs between the layout pass and the final pass. */
  unknown(name: string): string;
}

/** Turns a numeric local label reference (`1b`, `1f`) into the symbol name of that label instance. */
export type LocalLabelResolver = (digits: string, direction: 'b' | 'f', column: number) => string;

interface Token {
  readonly kind: 'num' | 'id' | 'op' | 'local' | 'end';
  readonly text: string;
  readonly value?: bigint;
  readonly column: number;
}

const BINARY_LEVELS: readonly (readonly string[])[] = [
  ['||'],
  ['&&'],
  ['+', '-', '==', '!=', '<>', '<', '>', '<=', '>='],
  ['|', '&', '^', '!'],
  ['*', '/', '%', '<<', '>>'],
];
const OPERATORS = ['<<', '>>', '<=', '>=', '==', '!=', '<>', '&&', '||', '+', '-', '*', '/', '%', '&', '|', '^', '~', '!', '<', '>', '(', ')'];

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, b: 8, f: 12, v: 11, a: 7, '\\': 92, "'": 39, '"': 34 };

function parseNumber(text: string, column: number): bigint {
  let v: bigint;
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) v = BigInt(text);
  else if (/^0[bB][01]+$/.test(text)) v = BigInt(text);
  else if (/^0\d+$/.test(text)) {
    if (!/^0[0-7]+$/.test(text)) throw new StatementError(`bad number '${text}' (octal, because of the leading 0)`, column);
    v = BigInt('0o' + text.slice(1));
  }
  else if (/^\d+$/.test(text)) v = BigInt(text);
  else throw new StatementError(`bad number '${text}'`, column);
  if (v >= 1n << 64n) throw new StatementError(`number '${text}' does not fit in 64 bits`, column);
  return v;
}

function tokenize(text: string, column: number): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const col = column + i;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    const rest = text.slice(i);
    const local = /^(\d+)([bf])(?![\w.$])/.exec(rest);
    if (local) {
      tokens.push({ kind: 'local', text: local[0], column: col });
      i += local[0].length;
      continue;
    }
    const num = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|\d+)(?![\w.$])/.exec(rest);
    if (num) {
      tokens.push({ kind: 'num', text: num[0], value: parseNumber(num[0], col), column: col });
      i += num[0].length;
      continue;
    }
    if (/^\d/.test(rest)) {
      const bad = /^[\w.$]+/.exec(rest)![0];
      throw new StatementError(`bad number '${bad}'`, col);
    }
    if (c === "'") {
      let value: bigint;
      let len: number;
      if (text[i + 1] === '\\') {
        const e = text[i + 2];
        if (e === undefined) throw new StatementError('unterminated character constant', col);
        value = BigInt(ESCAPES[e] ?? e.charCodeAt(0));
        len = 3;
      } else if (text[i + 1] !== undefined) {
        value = BigInt(text.charCodeAt(i + 1));
        len = 2;
      } else throw new StatementError('unterminated character constant', col);
      if (text[i + len] === "'") len++;
      tokens.push({ kind: 'num', text: text.slice(i, i + len), value, column: col });
      i += len;
      continue;
    }
    const id = /^[A-Za-z_.$][\w.$]*/.exec(rest);
    if (id) {
      tokens.push({ kind: 'id', text: id[0], column: col });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw new StatementError(`unexpected character '${c}' in expression`, col);
    tokens.push({ kind: 'op', text: op, column: col });
    i += op.length;
  }
  tokens.push({ kind: 'end', text: '', column: column + text.length });
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly local: LocalLabelResolver,
  ) {}

  private peek(): Token {
    return this.tokens[this.pos];
  }

  parse(): Expr {
    if (this.peek().kind === 'end') throw new StatementError('missing expression', this.peek().column);
    const e = this.binary(0);
    const t = this.peek();
    if (t.kind !== 'end') throw new StatementError(`unexpected '${t.text}' in expression`, t.column);
    return e;
  }

  private binary(level: number): Expr {
    if (level >= BINARY_LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'op' || !BINARY_LEVELS[level].includes(t.text)) return left;
      this.pos++;
      const right = this.binary(level + 1);
      left = { kind: 'binary', op: t.text, left, right, column: t.column };
    }
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '~' || t.text === '!' || t.text === '+')) {
      this.pos++;
      const arg = this.unary();
      return t.text === '+' ? arg : { kind: 'unary', op: t.text, arg, column: t.column };
    }
    return this.primary();
  }

  private primary(): Expr {
    const t = this.tokens[this.pos++];
    switch (t.kind) {
      case 'num':
        return { kind: 'num', value: t.value!, column: t.column };
      case 'local': {
        const m = /^(\d+)([bf])$/.exec(t.text)!;
        return { kind: 'sym', name: this.local(m[1], m[2] as 'b' | 'f', t.column), column: t.column };
      }
      case 'id':
        return t.text === '.' ? { kind: 'dot', column: t.column } : { kind: 'sym', name: t.text, column: t.column };
      case 'op':
        if (t.text === '(') {
          const e = this.binary(0);
          const close = this.tokens[this.pos++];
          if (close.text !== ')') throw new StatementError("missing ')' in expression", close.column);
          return e;
        }
        throw new StatementError(`unexpected '${t.text}' in expression`, t.column);
      default:
        throw new StatementError('missing operand at end of expression', t.column);
    }
  }
}

/** Parses the expression `text` that starts at `column`. */
export function parseExpr(text: string, column: number, local: LocalLabelResolver): Expr {
  return new Parser(tokenize(text, column), local).parse();
}

function evalAbsoluteBinary(op: string, A: bigint, B: bigint, column: number): bigint {
  switch (op) {
    case '+':
      return A + B;
    case '-':
      return A - B;
    case '*':
      return A * B;
    case '/':
    case '%':
      if (B === 0n) throw new StatementError('division by zero in expression', column);
      return op === '/' ? A / B : A % B;
    case '<<':
      return B >= 64n || B < 0n ? 0n : A << B;
    case '>>':
      return B >= 64n || B < 0n ? (A < 0n ? -1n : 0n) : A >> B;
    case '&':
      return A & B;
    case '|':
      return A | B;
    case '^':
      return A ^ B;
    case '!':
      return A | ~B;
    case '&&':
      return A !== 0n && B !== 0n ? 1n : 0n;
    case '||':
      return A !== 0n || B !== 0n ? 1n : 0n;
    default: {
      const r =
        op === '==' ? A === B : op === '!=' || op === '<>' ? A !== B : op === '<' ? A < B : op === '>' ? A > B : op === '<=' ? A <= B : A >= B;
      return r ? -1n : 0n;
    }
  }
}

function describeOperand(v: Value): string {
  return v.section ? 'an address' : 'a number';
}

/** Evaluates `e`. Section-relative values survive `+`/`-` only; anything else needs numbers. */
export function evaluate(e: Expr, env: EvalEnv): Value {
  switch (e.kind) {
    case 'num':
      return exactValue(e.value);
    case 'dot':
      return env.dot;
    case 'sym': {
      const v = env.symbol(e.name, e.column);
      if (!v) throw new StatementError(env.unknown(e.name), e.column);
      return v;
    }
    case 'unary': {
      const v = evaluate(e.arg, env);
      if (v.section) throw new StatementError(`operator '${e.op}' needs a number, not an address`, e.column);
      const n = exactOf(v);
      return exactValue(e.op === '-' ? -n : e.op === '~' ? ~n : n === 0n ? 1n : 0n);
    }
    case 'binary': {
      const l = evaluate(e.left, env);
      const r = evaluate(e.right, env);
      if (!l.section && !r.section) return exactValue(evalAbsoluteBinary(e.op, exactOf(l), exactOf(r), e.column));
      if (e.op === '+' && (!l.section || !r.section)) {
        return { section: l.section ?? r.section, offset: l.offset + r.offset };
      }
      if (e.op === '-' && l.section && !r.section) return { section: l.section, offset: l.offset - r.offset };
      if (e.op === '-' && l.section === r.section) return absolute(l.offset - r.offset);
      if (e.op === '-') throw new StatementError('cannot subtract addresses in different sections here', e.column);
      throw new StatementError(
        `operator '${e.op}' cannot combine ${describeOperand(l)} and ${describeOperand(r)} here`,
        e.column,
      );
    }
  }
}

/** Symbols an expression refers to (for diagnostics and dependency checks). */
export function symbolsOf(e: Expr, out: string[] = []): string[] {
  if (e.kind === 'sym') out.push(e.name);
  else if (e.kind === 'unary') symbolsOf(e.arg, out);
  else if (e.kind === 'binary') {
    symbolsOf(e.left, out);
    symbolsOf(e.right, out);
  }
  return out;
}

/** Replaces symbols for which `known` gives a number by that number (GNU's early folding of `.set` constants). */
export function foldKnown(e: Expr, known: (name: string) => bigint | undefined): Expr {
  switch (e.kind) {
    case 'sym': {
      const v = known(e.name);
      return v === undefined ? e : { kind: 'num', value: v, column: e.column };
    }
    case 'unary':
      return { ...e, arg: foldKnown(e.arg, known) };
    case 'binary':
      return { ...e, left: foldKnown(e.left, known), right: foldKnown(e.right, known) };
    default:
      return e;
  }
}
