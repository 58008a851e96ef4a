// Jumps of a function body that are not structured: `goto` to a label, and a switch's jump to a case
// or default label anywhere in its body (inside nested blocks and loops, as in Duff's device). A jump
// out of scopes destroys the objects of the scopes it leaves, innermost first and in reverse order of
// construction, as break and return do; a jump backwards also destroys the objects of its own scope
// constructed after the label. The model rejects jumps that would bypass an initialisation, so the
// scopes a jump enters have nothing to destroy yet. A forward goto jumps to a block of its own, filled
// with the cleanups once its label (and so the scopes there) is known.

import type { CaseStmt, GotoStmt, LabelStmt } from '../../language/model';
import type { Block, SourcePos } from '../ir/ir';
import { unsupported } from './errors';
import type { FnLower } from './function';

/** The scopes open at a point, with how many objects each had constructed there. */
type ScopeMarks = { readonly scope: FnLower['scopes'][number]; readonly count: number }[];

interface Label {
  readonly block: Block;
  /** Where the label is, once lowered. */
  at?: ScopeMarks;
  /** Gotos lowered before the label: each jumped to its own block, still to fill. */
  readonly pending: { readonly block: Block; readonly from: ScopeMarks; readonly pos: SourcePos }[];
}

interface JumpState {
  readonly labels: Map<string, Label>;
  /** The case and default labels of the switches being lowered, innermost last. */
  readonly switches: Map<CaseStmt, Block>[];
}

const states = new WeakMap<FnLower, JumpState>();

function stateOf(f: FnLower): JumpState {
  let s = states.get(f);
  if (!s) states.set(f, (s = { labels: new Map(), switches: [] }));
  return s;
}

function labelNamed(f: FnLower, name: string): Label {
  const labels = stateOf(f).labels;
  let l = labels.get(name);
  if (!l) labels.set(name, (l = { block: f.b.newBlock(), pending: [] }));
  return l;
}

function marks(f: FnLower): ScopeMarks {
  return f.scopes.map((scope) => ({ scope, count: scope.cleanups.length }));
}

/** Destroys what a jump from `from` to `to` leaves: the scopes only `from` is in, then the objects of shared scopes constructed after `to`. */
function leave(f: FnLower, from: ScopeMarks, to: ScopeMarks): void {
  let shared = 0;
  while (shared < from.length && shared < to.length && from[shared].scope === to[shared].scope) shared++;
  for (let i = from.length - 1; i >= shared; i--) f.runCleanups(from[i].scope.cleanups.slice(0, from[i].count));
  for (let i = shared - 1; i >= 0; i--) if (from[i].count > to[i].count) f.runCleanups(from[i].scope.cleanups.slice(to[i].count, from[i].count));
}

export function gotoStatement(f: FnLower, s: GotoStmt): void {
  const name = s.label;
  if (!name) return unsupported(f.pos(s.loc), "a 'goto' without a label");
  const pos = f.pos(s.loc);
  f.b.stmt(pos);
  const label = labelNamed(f, name);
  const from = marks(f);
  if (label.at) {
    leave(f, from, label.at);
    f.b.jump(label.block);
    return;
  }
  const block = f.b.newBlock();
  f.b.jump(block);
  label.pending.push({ block, from, pos });
}

/** Places a label: control falls into it, and the gotos before it jump to it after their cleanups. */
export function placeLabel(f: FnLower, s: LabelStmt): void {
  const label = labelNamed(f, s.name);
  const b = f.b;
  const at = marks(f);
  label.at = at;
  if (!b.closed) b.jump(label.block);
  for (const p of label.pending.splice(0)) {
    b.place(p.block);
    b.stmt(p.pos);
    leave(f, p.from, at);
    b.jump(label.block);
  }
  b.place(label.block);
  b.stmt(f.pos(s.loc));
}

/** Lowers a switch's body with its case labels bound to `blocks`. */
export function withCaseLabels(f: FnLower, cases: readonly CaseStmt[], blocks: Block[], run: () => void): void {
  const switches = stateOf(f).switches;
  switches.push(new Map(cases.map((c, i) => [c, blocks[i]])));
  try {
    run();
  } finally {
    switches.pop();
  }
}

/** Places a case or default label of the innermost switch (control falls into it from above). */
export function placeCaseLabel(f: FnLower, s: CaseStmt): void {
  const switches = stateOf(f).switches;
  const block = switches[switches.length - 1]?.get(s);
  if (!block) return unsupported(f.pos(s.loc), `a '${s.value ? 'case' : 'default'}' label outside a switch`);
  f.b.place(block);
  f.b.stmt(f.pos(s.loc));
}
