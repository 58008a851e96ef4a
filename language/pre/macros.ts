// Macro definitions and their expansion (object- and function-like, #, ##, __VA_ARGS__), using
// per-token hide sets so a macro never expands inside its own expansion.

import { lex, type Origin, type Token } from './tokens';

export interface Macro {
  name: string;
  /** Parameter names for a function-like macro; undefined for an object-like one. */
  params?: string[];
  variadic: boolean;
  body: Token[];
  /** Where it was defined (undefined for predefined and -D macros). */
  origin?: Origin;
}

export interface ExpandToken extends Token {
  hide?: Set<string>;
}

export interface ExpansionProblem {
  origin: Origin;
  message: string;
}

/** Expands every macro in `tokens` (returning `tokens` itself when none applies). `dynamic` supplies __LINE__ / __FILE__. */
export function expandTokens(
  tokens: Token[],
  macros: Map<string, Macro>,
  problems: ExpansionProblem[],
  dynamic?: (name: string, at: Token) => Token | undefined,
): Token[] {
  let first = 0;
  while (first < tokens.length && !mayExpand(tokens[first], macros, dynamic)) first++;
  if (first === tokens.length) return tokens;
  const out: Token[] = tokens.slice(0, first);
  const input = new TokenInput(tokens, first);
  let steps = 0;
  for (let t = input.next(); t; t = input.next()) {
    if (++steps > 2_000_000) {
      problems.push({ origin: t.origin, message: 'macro expansion too large' });
      break;
    }
    if (t.kind !== 'id' || t.hide?.has(t.text)) {
      out.push(t);
      continue;
    }
    const dyn = dynamic?.(t.text, t);
    if (dyn) {
      out.push(dyn);
      continue;
    }
    const m = macros.get(t.text);
    if (!m) {
      out.push(t);
      continue;
    }
    if (!m.params) {
      const hide = new Set(t.hide ?? []);
      hide.add(m.name);
      input.pushFront(substitute(m, [], [], invocationOrigin(t.origin, t.origin), hide, t));
      continue;
    }
    // function-like: needs '(' next
    if (input.peek()?.text !== '(') {
      out.push(t);
      continue;
    }
    input.next();
    const args: ExpandToken[][] = [[]];
    let depth = 0;
    let close: ExpandToken | undefined;
    for (let a = input.next(); a; a = input.next()) {
      if (a.text === '(') depth++;
      else if (a.text === ')') {
        if (depth === 0) {
          close = a;
          break;
        }
        depth--;
      } else if (a.text === ',' && depth === 0 && !(m.variadic && args.length > m.params.length)) {
        args.push([]);
        continue;
      }
      args[args.length - 1].push(a);
    }
    if (!close) {
      problems.push({ origin: t.origin, message: `unterminated argument list invoking macro '${m.name}'` });
      break;
    }
    if (args.length === 1 && args[0].length === 0 && m.params.length === 0) args.pop();
    const want = m.params.length;
    if (m.variadic ? args.length < want : args.length !== want) {
      if (!(m.variadic && args.length === want - 1)) {
        problems.push({
          origin: invocationOrigin(t.origin, close.origin),
          message: `macro '${m.name}' ${args.length > want ? 'passed' : 'requires'} ${want} argument${want === 1 ? '' : 's'}, but ${args.length > want ? `${args.length} were given` : `only ${args.length} given`}`,
        });
        continue;
      }
    }
    while (args.length < want) args.push([]);
    const expandedArgs = args.map((a) => expandTokens(a, macros, problems, dynamic));
    const hide = new Set(t.hide ?? []);
    hide.add(m.name);
    input.pushFront(substitute(m, args, expandedArgs, invocationOrigin(t.origin, close.origin), hide, t));
  }
  return out;
}

function mayExpand(t: Token, macros: Map<string, Macro>, dynamic: ((name: string, at: Token) => Token | undefined) | undefined): boolean {
  if (t.kind !== 'id') return false;
  return macros.has(t.text) || (!!dynamic && (t.text === '__LINE__' || t.text === '__FILE__'));
}

/** The tokens still to scan: rescanned expansion results first, then the rest of the input. */
class TokenInput {
  private readonly stack: ExpandToken[] = [];

  constructor(
    private readonly tokens: Token[],
    private pos: number,
  ) {}

  next(): ExpandToken | undefined {
    return this.stack.length ? this.stack.pop() : this.tokens[this.pos++];
  }

  peek(): ExpandToken | undefined {
    return this.stack.length ? this.stack[this.stack.length - 1] : this.tokens[this.pos];
  }

  pushFront(ts: ExpandToken[]): void {
    pushReversed(this.stack, ts);
  }
}

function pushReversed(stack: ExpandToken[], tokens: ExpandToken[]): void {
  for (let k = tokens.length - 1; k >= 0; k--) stack.push(tokens[k]);
}

function invocationOrigin(first: Origin, last: Origin): Origin {
  if (!first.exact) return first;
  if (last.file === first.file && last.exact) {
    return { file: first.file, line: first.line, column: first.column, endLine: last.endLine, endColumn: last.endColumn, exact: false };
  }
  return { ...first, exact: false };
}

function substitute(
  m: Macro,
  rawArgs: Token[][],
  expandedArgs: Token[][],
  origin: Origin,
  hide: Set<string>,
  invoker: Token,
): ExpandToken[] {
  const params = m.params ?? [];
  const paramIndex = (name: string) => {
    if (m.variadic && name === '__VA_ARGS__') return params.length - 1;
    return params.indexOf(name);
  };
  const result: ExpandToken[] = [];
  const body = m.body;
  const fromBody = (b: Token): ExpandToken => ({ ...b, origin, hide, offset: undefined });
  for (let k = 0; k < body.length; k++) {
    const b = body[k];
    if (b.text === '#' && m.params && k + 1 < body.length && paramIndex(body[k + 1].text) >= 0) {
      const arg = rawArgs[paramIndex(body[k + 1].text)] ?? [];
      result.push({ kind: 'str', text: stringize(arg), space: b.space, bol: false, origin, hide });
      k++;
      continue;
    }
    if (b.text === '##' && result.length && k + 1 < body.length) {
      const right = body[k + 1];
      const pi = paramIndex(right.text);
      const rightTokens = pi >= 0 ? (rawArgs[pi] ?? []).map((x) => ({ ...x, hide })) : [fromBody(right)];
      const left = result.pop()!;
      if (rightTokens.length) {
        result.push(paste(left, rightTokens[0], origin, hide));
        result.push(...rightTokens.slice(1));
      } else result.push(left);
      k++;
      continue;
    }
    const pi = m.params ? paramIndex(b.text) : -1;
    if (pi >= 0) {
      const pasteNext = body[k + 1]?.text === '##';
      const arg = pasteNext ? rawArgs[pi] ?? [] : expandedArgs[pi] ?? [];
      arg.forEach((a, idx) => {
        const h = new Set<string>((a as ExpandToken).hide ?? []);
        for (const x of hide) h.add(x);
        result.push({ ...a, space: idx === 0 ? b.space : a.space, bol: false, hide: h });
      });
      continue;
    }
    result.push(fromBody(b));
  }
  if (result.length) result[0] = { ...result[0], space: invoker.space || result[0].space, bol: false };
  return result;
}

function stringize(arg: Token[]): string {
  let s = '';
  arg.forEach((a, i) => {
    if (i > 0 && a.space) s += ' ';
    s += a.kind === 'str' ? a.text.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : a.text;
  });
  return `"${s}"`;
}

function paste(left: Token, right: Token, origin: Origin, hide: Set<string>): ExpandToken {
  const text = left.text + right.text;
  const lexed = lex(origin.file, text).tokens;
  const kind = lexed.length === 1 ? lexed[0].kind : 'other';
  return { kind, text, space: left.space, bol: false, origin, hide };
}
