// Which tensor an expression denotes (a handle variable, following local references, or a temporary
// from a factory), and what is known about it: rank, shape and dtype from its factory call, from a
// copy of a known tensor, from TORCH_CHECK(t.dim() == K), or from a `// q7:` annotation.

import type { VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { nonReference } from '../model/types';
import type { FunctionContext } from './function-context';
import { isTensorType } from './sdk-types';
import type { TensorAnnotation } from './annotations';

export interface TensorRef {
  /** The handle variable (a parameter or local `Tensor`), references followed. */
  handle?: VarDecl;
  /** A temporary tensor (a factory or op called in the expression). */
  temp?: Expr;
  /** How to name it in a message. */
  name: string;
}

export interface TensorFacts {
  rank?: number;
  shape?: (number | undefined)[];
  dtype?: number;
  /** Where the rank is known from (for messages). */
  rankSource?: string;
  dtypeSource?: string;
}

const FACTORIES = new Set(['at::zeros', 'at::ones', 'at::empty', 'at::full']);
const OPS = new Set([
  'abs', 'ceil', 'floor', 'sin', 'cos', 'tan', 'log', 'log2', 'log10', 'exp', 'bitwise_not',
  'add', 'sub', 'mul', 'div', 'pow', 'clamp', 'bitwise_and', 'bitwise_or',
].map((n) => `at::${n}`));

/** Looks through parentheses and implicit conversions to the expression that yields the value. */
export function stripExpr(e: Expr): Expr {
  let k = e;
  for (let i = 0; i < 8; i++) {
    if ((k.kind === 'parenthesized_expression' || k.kind === 'paren' || k.kind === 'implicit' || k.kind === 'user-conversion') && k.operands?.length === 1) k = k.operands[0];
    else break;
  }
  return k;
}

/** The tensor `e` denotes, if it is one. */
export function tensorOf(fc: FunctionContext, e: Expr | undefined, depth = 0): TensorRef | undefined {
  if (!e || depth > 8) return undefined;
  const x = stripExpr(e);
  if (!isTensorType(x.type)) return undefined;
  if (x.decl?.kind === 'var') {
    const v = x.decl;
    if (v.type.kind === 'reference' && v.storage === 'local') {
      const via = tensorOf(fc, fc.initOf(v), depth + 1);
      if (via) return via;
    }
    return { handle: v, name: v.name };
  }
  if (x.kind === 'call' && x.cat === 'prvalue') return { temp: x, name: fc.show(x) };
  return undefined;
}

export function sameTensor(a: TensorRef, b: TensorRef): boolean {
  return a.handle ? a.handle === b.handle : !!a.temp && a.temp === b.temp;
}

/** What is known about a tensor at `offset` (annotations, its initialiser, TORCH_CHECKs before it). */
export function factsOf(fc: FunctionContext, ref: TensorRef, offset: number, annotations: TensorAnnotation[] = [], depth = 0): TensorFacts {
  const facts: TensorFacts = {};
  if (depth > 8) return facts;
  if (ref.temp) return factoryFacts(fc, ref.temp, annotations, depth + 1);
  const v = ref.handle!;
  const init = v.storage === 'local' && !reassigned(fc, v) ? fc.initOf(v) : undefined;
  if (init) Object.assign(facts, initFacts(fc, init, annotations, depth + 1));
  const checked = checkedRank(fc, v, offset);
  if (checked !== undefined && facts.rank === undefined) {
    facts.rank = checked.rank;
    facts.rankSource = `TORCH_CHECK(${v.name}.dim() == ${checked.rank}) on line ${checked.line}`;
  }
  for (const a of annotations.filter((x) => x.name === v.name)) {
    if (a.rank !== undefined) {
      facts.rank = a.rank;
      facts.shape = a.shape ?? facts.shape;
      facts.rankSource = `a '// q7: ${v.name} ${a.shape ? 'shape' : 'rank'}' annotation`;
    }
    if (a.dtype !== undefined) {
      facts.dtype = a.dtype;
      facts.dtypeSource = `a '// q7: ${v.name} dtype' annotation`;
    }
  }
  return facts;
}

function initFacts(fc: FunctionContext, init: Expr, annotations: TensorAnnotation[], depth: number): TensorFacts {
  const src = tensorOf(fc, init);
  if (src?.handle) {
    const f = factsOf(fc, src, init.loc.start, annotations, depth);
    return { ...f, rankSource: f.rankSource && `a copy of '${src.handle.name}' (${f.rankSource})` };
  }
  return factoryFacts(fc, stripExpr(init), annotations, depth);
}

/** Facts about the tensor a factory or op call returns. */
function factoryFacts(fc: FunctionContext, call: Expr, annotations: TensorAnnotation[], depth: number): TensorFacts {
  const name = call.callee?.qualifiedName ?? '';
  const ops = call.operands ?? [];
  const where = `line ${fc.lineOf(call.loc.start)}`;
  if (FACTORIES.has(name) && ops.length >= 2) {
    const facts: TensorFacts = {};
    const size = stripExpr(ops[0]);
    if (size.list) {
      facts.rank = size.list.length;
      facts.shape = size.list.map((d) => d.value);
      facts.rankSource = `${name.replace('at::', 'torch::')}({${size.list.map((d) => fc.show(d)).join(', ')}}, ...) on ${where}`;
    } else {
      const of = sizesOf(fc, size);
      if (of) {
        const f = factsOf(fc, of, call.loc.start, annotations, depth);
        if (f.rank !== undefined) {
          facts.rank = f.rank;
          facts.shape = f.shape;
          facts.rankSource = `${name.replace('at::', 'torch::')}(${of.name}.sizes(), ...) on ${where}, and '${of.name}' has ${f.rank} dimensions`;
        }
      }
    }
    const dt = dtypeOperand(fc, ops[ops.length - 1], annotations, depth);
    if (dt !== undefined) {
      facts.dtype = dt;
      facts.dtypeSource = `${fc.show(call)} on ${where}`;
    }
    return facts;
  }
  if (name === 'at::eye') return { rank: 2, rankSource: `torch::eye on ${where}` };
  if (OPS.has(name) && ops.length) {
    const self = tensorOf(fc, ops[0]);
    if (self) {
      const f = factsOf(fc, self, call.loc.start, annotations, depth);
      return { ...f, rankSource: f.rankSource && `${fc.show(call)} on ${where} (shaped like '${self.name}')`, dtypeSource: f.dtypeSource && `${fc.show(call)} on ${where}` };
    }
  }
  return {};
}

/** `x.sizes()` → the tensor x. */
function sizesOf(fc: FunctionContext, e: Expr): TensorRef | undefined {
  if (e.kind !== 'call' || e.callee?.name !== 'sizes') return undefined;
  return tensorOf(fc, e.operands?.[0]);
}

function dtypeOperand(fc: FunctionContext, e: Expr, annotations: TensorAnnotation[], depth: number): number | undefined {
  const x = stripExpr(e);
  const t = nonReference(x.type);
  if (t.kind === 'enum' && t.decl.qualifiedName === 'c10::ScalarType' && x.value !== undefined) return x.value;
  if (x.kind === 'call' && x.callee?.name === 'scalar_type') {
    const of = tensorOf(fc, x.operands?.[0]);
    return of ? factsOf(fc, of, x.loc.start, annotations, depth).dtype : undefined;
  }
  for (const o of x.operands ?? []) {
    const d = dtypeOperand(fc, o, annotations, depth);
    if (d !== undefined) return d;
  }
  return undefined;
}

/** Whether a tensor local is assigned after its declaration (its initialiser then says too little). */
function reassigned(fc: FunctionContext, v: VarDecl): boolean {
  return fc.index.all.some((e) => e.callee?.name === 'operator=' && e.operands?.[0]?.decl === v);
}

/** `TORCH_CHECK(t.dim() == K)` (or `if (!(t.dim() == K)) ...`) before `offset`. */
function checkedRank(fc: FunctionContext, v: VarDecl, offset: number): { rank: number; line: string } | undefined {
  let found: { rank: number; line: string } | undefined;
  for (const e of fc.index.all) {
    if (e.loc.start >= offset || e.kind !== 'unary' || fc.text(e.loc.start, e.loc.start + 1) !== '!') continue;
    const inner = e.operands?.[0] && stripExpr(e.operands[0]);
    if (!inner || inner.kind !== 'binary' || inner.operator !== '==') continue;
    const [l, r] = inner.operands ?? [];
    const rank = dimCall(l, v) ? r?.value : dimCall(r, v) ? l?.value : undefined;
    if (rank !== undefined) found = { rank, line: fc.lineOf(e.loc.start) };
  }
  return found;
}

function dimCall(e: Expr | undefined, v: VarDecl): boolean {
  if (!e) return false;
  const x = stripExpr(e);
  return x.kind === 'call' && x.callee?.name === 'dim' && stripExpr(x.operands?.[0] ?? x).decl === v;
}
