// The emulator's semantic hooks: one per row of the instruction table, built from the families each
// handler module declares (exec/family.ts). What the dispatch and the block compiler need about a row
// is derived here from the row's properties (xtensa/isa/props.ts) and its family by the rules of
// jit/callable.ts; no list of mnemonics is restated. A row no family claims must be listed in
// UNIMPLEMENTED with its reason (test/emulator/semantics.test.ts checks both ways).

import { INSNS, INSN_BY_MNEMONIC, type InsnDef } from '../../../xtensa/isa';
import type { Handler } from '../insn';
import type { Family } from '../family';
import type { Template } from '../jit/template';
import { callable, inlineAllowed, observesCount } from '../jit/callable';
import * as alu from './alu';
import * as sh from './shifts';
import * as ls from './loadstore';
import * as br from './branches';
import * as win from './windowed';
import * as lp from './loops';
import * as md from './muldiv';
import * as sr from './sysregs';
import * as sys from './system';
import * as bo from './booleans';
import * as fp from './fp';
import * as ivpLs from './ivp-loadstore';
import * as ivpMov from './ivp-moves';
import * as ivpAr from './ivp-arith';
import * as ivpSh from './ivp-shifts';
import * as ivpSel from './ivp-select';
import * as ivpMac from './ivp-mac';
import * as ivpPack from './ivp-pack';
import * as ivpRed from './ivp-reduce';
import * as ivpFp from './ivp-float';
import * as ivpGa from './ivp-gather';
import * as ivpSp from './ivp-spill';

/** Every family the emulator implements. */
export const FAMILIES: readonly Family[] = [
  ...alu.FAMILIES, ...sh.FAMILIES, ...ls.FAMILIES, ...br.FAMILIES, ...win.FAMILIES, ...lp.FAMILIES,
  ...md.FAMILIES, ...sr.FAMILIES, ...sys.FAMILIES, ...bo.FAMILIES, ...fp.FAMILIES,
  ...ivpLs.FAMILIES, ...ivpMov.FAMILIES, ...ivpAr.FAMILIES, ...ivpSh.FAMILIES, ...ivpSel.FAMILIES,
  ...ivpMac.FAMILIES, ...ivpPack.FAMILIES, ...ivpRed.FAMILIES, ...ivpFp.FAMILIES, ...ivpGa.FAMILIES, ...ivpSp.FAMILIES,
];

/** Rows the emulator deliberately does not implement (they decode as IllegalInstruction), with the reason. */
export const UNIMPLEMENTED: ReadonlyMap<string, string> = new Map<string, string>([]);

/** The emulator's view of one row. */
export interface Hook {
  readonly def: InsnDef;
  readonly family: Family;
  readonly handler: Handler;
  /** The block compiler's inline template (only where jit/callable.ts allows one). */
  readonly jit: Template | undefined;
  /** A compiled block may call the handler (jit/callable.ts). */
  readonly callable: boolean;
  /** The run loop syncs the instruction count before the handler. */
  readonly observesCount: boolean;
  /** The handler writes memory (a compiled block checks for rewritten code after calling it). */
  readonly stores: boolean;
}

function build(): readonly (Hook | undefined)[] {
  const hooks: (Hook | undefined)[] = new Array(INSNS.length).fill(undefined);
  const claim = (def: InsnDef, f: Family): void => {
    const m = def.mnemonic;
    if (hooks[def.id]) throw new Error(`emulator semantics: ${m} is claimed by two families`);
    if (UNIMPLEMENTED.has(m)) throw new Error(`emulator semantics: ${m} is implemented and listed as unimplemented`);
    if (f.jit && !inlineAllowed(def, f)) throw new Error(`emulator semantics: ${m} has a template its row's properties forbid`);
    hooks[def.id] = {
      def,
      family: f,
      handler: f.handler,
      jit: f.jit,
      callable: callable(def, f),
      observesCount: observesCount(def, f),
      stores: def.mem !== undefined && def.mem.kind !== 'load',
    };
  };
  for (const f of FAMILIES) {
    if (typeof f.rows === 'function') {
      const pick = f.rows;
      for (const d of INSNS) if (pick(d)) claim(d, f);
      continue;
    }
    for (const m of f.rows) {
      const d = INSN_BY_MNEMONIC.get(m);
      if (!d) throw new Error(`emulator semantics: no table row '${m}'`);
      claim(d, f);
    }
  }
  return hooks;
}

/** Hook of each row, indexed by `InsnDef.id`. */
export const HOOKS: readonly (Hook | undefined)[] = build();

/** The hook of a table row, or undefined if the emulator does not implement it. */
export function hookFor(def: InsnDef): Hook | undefined {
  return HOOKS[def.id];
}

/** The handler of a table row, or undefined if the emulator does not implement it. */
export function handlerFor(def: InsnDef): Handler | undefined {
  return HOOKS[def.id]?.handler;
}
