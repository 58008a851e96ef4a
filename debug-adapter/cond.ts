// Breakpoint conditions, hit counts and log-point expressions over what a stopped core holds: numbers
// (decimal, hex), `$core`, `$pc`, `$sp`, `$hits`, the window registers a0..a15 and special registers by
// name, with C operators (arithmetic, bitwise, comparisons, && || !, parentheses). Names it does not
// know go to debuginfo's C++ evaluator instead (runtime.ts).

export type Lookup = (name: string) => number | undefined;

export class CondError extends Error {}

type Node = { k: 'num'; v: number } | { k: 'id'; name: string } | { k: 'un'; op: string; a: Node } | { k: 'bin'; op: string; a: Node; b: Node };

const BIN: [string[], number][] = [[['||'], 1], [['&&'], 2], [['|'], 3], [['^'], 4], [['&'], 5], [['==', '!='], 6], [['<=', '>=', '<', '>'], 7], [['<<', '>>'], 8], [['+', '-'], 9], [['*', '/', '%'], 10]];
const PREC = new Map<string, number>(BIN.flatMap(([ops, p]) => ops.map((o) => [o, p] as [string, number])));

function tokenize(text: string): string[] {
  const out: string[] = [];
  const re = /\s*(0x[0-9a-fA-F]+|\d+(?:\.\d+)?|\$?[A-Za-z_]\w*|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%&|^<>!()~])/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new CondError(`cannot read '${text.slice(at).trim()}'`);
    out.push(m[1]);
    at = re.lastIndex;
  }
  return out;
}

export function parseExpr(text: string): Node {
  const toks = tokenize(text);
  let i = 0;
  const primary = (): Node => {
    const t = toks[i++];
    if (t === undefined) throw new CondError('unexpected end of expression');
    if (t === '(') {
      const e = expr(0);
      if (toks[i++] !== ')') throw new CondError("missing ')'");
      return e;
    }
    if (t === '-' || t === '!' || t === '~' || t === '+') return { k: 'un', op: t, a: primary() };
    if (/^(0x|\d)/.test(t)) return { k: 'num', v: Number(t) };
    if (/^\$?[A-Za-z_]/.test(t)) return { k: 'id', name: t };
    throw new CondError(`unexpected '${t}'`);
  };
  const expr = (min: number): Node => {
    let a = primary();
    for (;;) {
      const op = toks[i];
      const p = op === undefined ? undefined : PREC.get(op);
      if (p === undefined || p <= min) return a;
      i++;
      a = { k: 'bin', op, a, b: expr(p) };
    }
  };
  const e = expr(0);
  if (i < toks.length) throw new CondError(`unexpected '${toks[i]}'`);
  return e;
}

/** The names an expression reads. */
export function names(n: Node, out: string[] = []): string[] {
  if (n.k === 'id') out.push(n.name);
  else if (n.k === 'un') names(n.a, out);
  else if (n.k === 'bin') {
    names(n.a, out);
    names(n.b, out);
  }
  return out;
}

export function evaluate(n: Node, look: Lookup): number {
  switch (n.k) {
    case 'num':
      return n.v;
    case 'id': {
      const v = look(n.name);
      if (v === undefined) throw new CondError(`unknown name '${n.name}'`);
      return v;
    }
    case 'un': {
      const a = evaluate(n.a, look);
      return n.op === '-' ? -a : n.op === '!' ? Number(!a) : n.op === '~' ? ~a : a;
    }
    case 'bin': {
      if (n.op === '&&') return Number(!!evaluate(n.a, look) && !!evaluate(n.b, look));
      if (n.op === '||') return Number(!!evaluate(n.a, look) || !!evaluate(n.b, look));
      const a = evaluate(n.a, look);
      const b = evaluate(n.b, look);
      switch (n.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return b === 0 ? NaN : a / b;
        case '%': return b === 0 ? NaN : a % b;
        case '&': return a & b;
        case '|': return a | b;
        case '^': return a ^ b;
        case '<<': return a << b;
        case '>>': return a >> b;
        case '==': return Number(a === b);
        case '!=': return Number(a !== b);
        case '<': return Number(a < b);
        case '<=': return Number(a <= b);
        case '>': return Number(a > b);
        default: return Number(a >= b);
      }
    }
  }
}

/** A hit condition: "N" or ">= N" (stop from the Nth hit), "> N", "== N", "< N", "<= N", "% N" (every Nth). */
export function parseHitCondition(text: string): (hits: number) => boolean {
  const m = /^\s*(>=|<=|==|>|<|%)?\s*(\d+)\s*$/.exec(text);
  if (!m) throw new CondError(`'${text}' is not a hit count (N, >= N, > N, == N, < N, <= N or % N)`);
  const n = Number(m[2]);
  switch (m[1]) {
    case '>': return (h) => h > n;
    case '==': return (h) => h === n;
    case '<': return (h) => h < n;
    case '<=': return (h) => h <= n;
    case '%': return (h) => n > 0 && h % n === 0;
    default: return (h) => h >= n;
  }
}
