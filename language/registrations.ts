// The op registrations of a shape file: every `m.def("op", &shape_fn, "compute_fn")` call in the bodies
// of the file's own functions (NEURON_LIBRARY(ns, m) { ... } expands to one), read from the syntax the
// semantic model was built from. The compute function's name (third argument; the op's name when it is
// missing) is how a kernel finds its shape function.

import type { ModelData } from './sema/complete-unit';
import type { SyntaxNode } from './parse/syntax-node';
import { Loc } from './model/declarations';

export interface Registration {
  /** The op's name (first argument). */
  readonly op: string;
  /** The shape function (second argument, its unqualified name). */
  readonly shapeFn: string;
  /** The compute function's name (third argument; the op's name when absent). */
  readonly compute: string;
  readonly file: string;
  /** 1-based line of the m.def call. */
  readonly line: number;
}

/** The text of a plain string literal ("..." with simple escapes), else undefined. */
function stringValue(n: SyntaxNode): string | undefined {
  if (n.type !== 'string_literal') return undefined;
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(n.text);
  return m ? m[1].replace(/\\(.)/g, '$1') : undefined;
}

/** `&fn`, `fn`, `&ns::fn` → `fn`. */
function functionName(n: SyntaxNode): string | undefined {
  let e = n;
  if (e.type === 'pointer_expression' && e.child(0)?.type === '&') e = e.namedChild(0) ?? e;
  if (e.type === 'identifier') return e.text;
  if (e.type === 'qualified_identifier') return /([A-Za-z_]\w*)\s*$/.exec(e.text)?.[1];
  return undefined;
}

/** The registrations made in `file` (in source order). */
export function neuronRegistrations(model: Pick<ModelData, 'functions'>, file: string): Registration[] {
  const out: Registration[] = [];
  for (const fn of model.functions) {
    if (!fn.body || fn.body.unit.system || fn.body.unit.file !== file) continue;
    const unit = fn.body.unit;
    for (const call of fn.body.node.descendantsOfType('call_expression')) {
      const callee = call.childForFieldName('function');
      if (callee?.type !== 'field_expression' || callee.childForFieldName('field')?.text !== 'def') continue;
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a.type !== 'comment') ?? [];
      if (args.length < 2 || args.length > 3) continue;
      const op = stringValue(args[0]);
      const shapeFn = functionName(args[1]);
      const compute = args.length === 3 ? stringValue(args[2]) : op;
      if (op === undefined || shapeFn === undefined || compute === undefined) continue;
      const range = Loc.of(unit, call).range;
      out.push({ op, shapeFn, compute, file: range.file, line: range.start.line + 1 });
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/** The registration of the kernel `name`: by compute function name, else by op name. */
export function registrationFor(regs: readonly Registration[], name: string): Registration | undefined {
  return regs.find((r) => r.compute === name) ?? regs.find((r) => r.op === name);
}
