// A small hand-written parser for the C++ expressions a debugger evaluates (watch, hover, REPL):
// names (qualified with ::), literals (integers with suffixes, floats, chars, true/false/nullptr),
// member access . and ->, subscripts, calls are rejected, unary - + ! ~ * &, casts `(T)x` with
// built-in, class and typedef names plus `*`, binary arithmetic/bitwise/shift/comparison/logical
// operators and ?:. Errors are ExprError with the column.

export type Expr =
  | { k: 'name'; name: string }
  | { k: 'int'; value: bigint; unsigned: boolean; long: boolean }
  | { k: 'float'; value: number; single: boolean }
  | { k: 'char'; value: number }
  | { k: 'bool'; value: boolean }
  | { k: 'nullptr' }
  | { k: 'member'; obj: Expr; name: string; arrow: boolean }
  | { k: 'index'; obj: Expr; index: Expr }
  | { k: 'unary'; op: string; arg: Expr }
  | { k: 'binary'; op: string; left: Expr; right: Expr }
  | { k: 'cond'; cond: Expr; then: Expr; else: Expr }
  | { k: 'cast'; typeName: string; pointers: number; arg: Expr };

export class ExprError extends Error {}

interface Tok {
  t: 'id' | 'num' | 'char' | 'op' | 'end';
  v: string;
  col: number;
}

const OPS = ['->', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '::', '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '<', '>', '(', ')', '[', ']', '.', '?', ':', ','];

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) { i++; continue; }
    const start = i;
    if (/[A-Za-z_]/.test(ch)) {
      while (i < src.length && /[\w]/.test(src[i])) i++;
      out.push({ t: 'id', v: src.slice(start, i), col: start + 1 });
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      if (ch === '0' && /[xX]/.test(src[i + 1] ?? '')) {
        i += 2;
        while (i < src.length && /[0-9a-fA-F']/.test(src[i])) i++;
      } else {
        while (i < src.length && /[0-9.']/.test(src[i])) i++;
        if (/[eE]/.test(src[i] ?? '') && /[-+0-9]/.test(src[i + 1] ?? '')) {
          i += 2;
          while (i < src.length && /[0-9]/.test(src[i])) i++;
        }
      }
      while (i < src.length && /[uUlLfF]/.test(src[i])) i++;
      out.push({ t: 'num', v: src.slice(start, i).replace(/'/g, ''), col: start + 1 });
      continue;
    }
    if (ch === "'") {
      i++;
      let v: number;
      if (src[i] === '\\') {
        const e = src[i + 1];
        const map: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
        if (e === undefined || map[e] === undefined) throw new ExprError(`column ${start + 1}: unsupported escape in character literal`);
        v = map[e];
        i += 2;
      } else {
        v = src.charCodeAt(i);
        i++;
      }
      if (src[i] !== "'") throw new ExprError(`column ${start + 1}: unterminated character literal`);
      i++;
      out.push({ t: 'char', v: String(v), col: start + 1 });
      continue;
    }
    if (ch === '=' && src[i + 1] !== '=') throw new ExprError(`column ${i + 1}: assignment is not allowed in an expression (use set value)`);
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExprError(`column ${i + 1}: unexpected character '${ch}'`);
    if ((op === '+' || op === '-') && src[i + 1] === op) throw new ExprError(`column ${i + 1}: '${op}${op}' has side effects and is not evaluated`);
    if (['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>'].includes(op) && src[i + op.length] === '=') {
      throw new ExprError(`column ${i + 1}: assignment is not allowed in an expression (use set value)`);
    }
    out.push({ t: 'op', v: op, col: i + 1 });
    i += op.length;
  }
  out.push({ t: 'end', v: '', col: src.length + 1 });
  return out;
}

const BINARY: Record<string, number> = {
  '||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6, '<': 7, '>': 7, '<=': 7, '>=': 7,
  '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10,
};

const TYPE_WORDS = new Set(['int', 'unsigned', 'signed', 'char', 'short', 'long', 'float', 'double', 'bool', 'void', 'const', 'volatile', 'struct', 'class']);

/** Parses an expression; `isType(name)` tells whether a (qualified) name is a type, for casts. */
export function parseExpr(src: string, isType: (name: string) => boolean = () => false): Expr {
  const toks = lex(src);
  let p = 0;
  const peek = () => toks[p];
  const next = () => toks[p++];
  const expect = (v: string) => {
    const t = next();
    if (t.v !== v || t.t === 'end') throw new ExprError(`column ${t.col}: expected '${v}'${t.t === 'end' ? ' at the end' : ` before '${t.v}'`}`);
  };
  const qualified = (): string => {
    let name = next().v;
    while (peek().v === '::' && toks[p + 1]?.t === 'id') {
      p++;
      name += `::${next().v}`;
    }
    return name;
  };

  /** At '(': is this a cast? Returns the type name and pointer depth, consuming through ')'. */
  const tryCast = (): { typeName: string; pointers: number } | undefined => {
    const save = p;
    p++; // (
    const words: string[] = [];
    if (peek().t !== 'id') { p = save; return undefined; }
    if (TYPE_WORDS.has(peek().v)) {
      while (peek().t === 'id' && TYPE_WORDS.has(peek().v)) words.push(next().v);
    } else {
      const q = qualified();
      if (!isType(q)) { p = save; return undefined; }
      words.push(q);
    }
    let pointers = 0;
    while (peek().v === '*' || (peek().t === 'id' && (peek().v === 'const' || peek().v === 'volatile'))) {
      if (next().v === '*') pointers++;
    }
    if (peek().v !== ')') { p = save; return undefined; }
    p++;
    return { typeName: words.filter((w) => w !== 'const' && w !== 'volatile' && w !== 'struct' && w !== 'class').join(' '), pointers };
  };

  const primary = (): Expr => {
    const t = peek();
    if (t.t === 'num') {
      p++;
      return numberLiteral(t.v, t.col);
    }
    if (t.t === 'char') {
      p++;
      return { k: 'char', value: Number(t.v) };
    }
    if (t.t === 'id') {
      if (t.v === 'true' || t.v === 'false') { p++; return { k: 'bool', value: t.v === 'true' }; }
      if (t.v === 'nullptr' || t.v === 'NULL') { p++; return { k: 'nullptr' }; }
      if (t.v === 'sizeof') throw new ExprError(`column ${t.col}: sizeof is not supported`);
      return { k: 'name', name: qualified() };
    }
    if (t.v === '::' && toks[p + 1]?.t === 'id') {
      p++;
      return { k: 'name', name: qualified() };
    }
    if (t.v === '(') {
      p++;
      const e = ternary();
      expect(')');
      return e;
    }
    throw new ExprError(t.t === 'end' ? `column ${t.col}: expression expected` : `column ${t.col}: unexpected '${t.v}'`);
  };

  const postfix = (): Expr => {
    let e = primary();
    for (;;) {
      const t = peek();
      if (t.v === '.' || t.v === '->') {
        p++;
        const n = next();
        if (n.t !== 'id') throw new ExprError(`column ${n.col}: member name expected after '${t.v}'`);
        e = { k: 'member', obj: e, name: n.v, arrow: t.v === '->' };
      } else if (t.v === '[') {
        p++;
        const i = ternary();
        expect(']');
        e = { k: 'index', obj: e, index: i };
      } else if (t.v === '(') {
        throw new ExprError(`column ${t.col}: function calls are not evaluated (they would run guest code)`);
      } else return e;
    }
  };

  const unary = (): Expr => {
    const t = peek();
    if (t.t === 'op' && ['-', '+', '!', '~', '*', '&'].includes(t.v)) {
      p++;
      return { k: 'unary', op: t.v, arg: unary() };
    }
    if (t.v === '(') {
      const cast = tryCast();
      if (cast) return { k: 'cast', ...cast, arg: unary() };
    }
    return postfix();
  };

  const binary = (min: number): Expr => {
    let left = unary();
    for (;;) {
      const t = peek();
      const prec = t.t === 'op' ? BINARY[t.v] : undefined;
      if (prec === undefined || prec < min) return left;
      p++;
      const right = binary(prec + 1);
      left = { k: 'binary', op: t.v, left, right };
    }
  };

  const ternary = (): Expr => {
    const c = binary(1);
    if (peek().v !== '?') return c;
    p++;
    const a = ternary();
    expect(':');
    const b = ternary();
    return { k: 'cond', cond: c, then: a, else: b };
  };

  const e = ternary();
  const end = peek();
  if (end.t !== 'end') throw new ExprError(`column ${end.col}: unexpected '${end.v}'`);
  return e;
}

function numberLiteral(text: string, col: number): Expr {
  const lower = text.toLowerCase();
  const isHex = lower.startsWith('0x');
  if (!isHex && (/[.e]/.test(lower) || (lower.endsWith('f') && !isHex))) {
    const single = lower.endsWith('f');
    const v = Number(single ? lower.slice(0, -1) : lower.replace(/l$/, ''));
    if (Number.isNaN(v)) throw new ExprError(`column ${col}: bad number '${text}'`);
    return { k: 'float', value: single ? Math.fround(v) : v, single };
  }
  const m = /^(0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)(u?l{0,2}u?)$/.exec(lower);
  if (!m) throw new ExprError(`column ${col}: bad number '${text}'`);
  const digits = m[1];
  const value = digits.startsWith('0x') ? BigInt(digits) : digits.length > 1 && digits.startsWith('0') ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);
  return { k: 'int', value, unsigned: m[2].includes('u'), long: m[2].includes('ll') };
}
