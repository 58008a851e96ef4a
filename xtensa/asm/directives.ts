// The assembler directives (GNU as spelling): sections, data, strings, space and alignment, symbol
// attributes and definitions, commons, Xtensa literal pools, and the debug/bookkeeping directives
// that are accepted and ignored.

import {
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHT_NOBITS,
  SHT_NOTE,
  SHT_PROGBITS,
  STT_FUNC,
  STT_NOTYPE,
  STT_OBJECT,
} from '../elf/types';
import type { Assembly, DirectiveHandler } from './assembly';
import { StatementError } from './errors';
import { defaultAttributes } from './sections';
import type { Arg, Statement } from './source';
import { parseString } from './strings';

const table = new Map<string, DirectiveHandler>();

function on(names: string, handler: DirectiveHandler): void {
  for (const n of names.split(/\s+/)) table.set(n, handler);
}

function expectArgs(st: Statement, args: Arg[], min: number, max: number): void {
  if (args.length < min || args.length > max) {
    const want = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new StatementError(`'${st.op}' takes ${want} operand${want === '1' ? '' : 's'}, got ${args.length}`, st.opColumn);
  }
}

const SYMBOL_NAME = /^[A-Za-z_.$][\w.$]*$/;

function symbolArg(arg: Arg): string {
  if (!SYMBOL_NAME.test(arg.text)) throw new StatementError(`expected a symbol name, got '${arg.text}'`, arg.column);
  return arg.text;
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

// ---- sections -------------------------------------------------------------------------------

function sectionFlags(arg: Arg): number {
  let flags = 0;
  const text = arg.text;
  if (!/^".*"$/.test(text)) throw new StatementError(`section flags must be a quoted string such as "ax", got '${text}'`, arg.column);
  for (const c of text.slice(1, -1)) {
    if (c === 'a') flags |= SHF_ALLOC;
    else if (c === 'w') flags |= SHF_WRITE;
    else if (c === 'x') flags |= SHF_EXECINSTR;
    else if (!'MSGTRoedy?'.includes(c)) throw new StatementError(`unknown section flag '${c}'`, arg.column);
  }
  return flags;
}

function sectionType(arg: Arg): number {
  const t = arg.text.replace(/^[@%]/, '');
  switch (t) {
    case 'progbits':
    case 'init_array':
    case 'fini_array':
    case 'preinit_array':
      return SHT_PROGBITS;
    case 'nobits':
      return SHT_NOBITS;
    case 'note':
      return SHT_NOTE;
    default:
      throw new StatementError(`unknown section type '${arg.text}'`, arg.column);
  }
}

function sectionDirective(a: Assembly, st: Statement, args: Arg[]): void {
  expectArgs(st, args, 1, 5);
  const name = args[0].text.replace(/^"(.*)"$/, '$1');
  if (!/^[\w.$-]+$/.test(name)) throw new StatementError(`bad section name '${args[0].text}'`, args[0].column);
  let attrs = defaultAttributes(name);
  if (args.length >= 2) {
    const flags = sectionFlags(args[1]);
    const type = args.length >= 3 ? sectionType(args[2]) : attrs.type === SHT_NOBITS ? SHT_NOBITS : SHT_PROGBITS;
    attrs = { type, flags };
  }
  a.switchTo(a.getSection(name, attrs));
}

function simpleSection(name: string): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 0, 1);
    if (args.length === 1 && a.constant(args[0]) !== 0) {
      throw new StatementError('subsections are not supported', args[0].column);
    }
    a.switchTo(a.getSection(name));
  };
}

on('.text', simpleSection('.text'));
on('.data', simpleSection('.data'));
on('.bss', simpleSection('.bss'));
on('.rodata', simpleSection('.rodata'));
on('.section', sectionDirective);
on('.pushsection', (a, st, args) => {
  const current = a.section;
  sectionDirective(a, st, args);
  a.sectionStack.push(current);
});
on('.popsection', (a, st, args) => {
  expectArgs(st, args, 0, 0);
  const s = a.sectionStack.pop();
  if (!s) throw new StatementError('.popsection without .pushsection');
  a.switchTo(s);
});
on('.previous', (a, st, args) => {
  expectArgs(st, args, 0, 0);
  if (!a.previous) throw new StatementError('.previous without an earlier section');
  a.switchTo(a.previous);
});

// ---- data -----------------------------------------------------------------------------------

on('.byte', (a, _st, args) => a.emitData(1, args));
on('.short .2byte .half .hword', (a, _st, args) => a.emitData(2, args));
on('.word .long .4byte .int', (a, _st, args) => a.emitData(4, args));
on('.quad .8byte', (a, _st, args) => a.emitData(8, args));

/** LEB128 bytes of `v` (signed or unsigned). */
function leb128(v: bigint, signed: boolean): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const done = signed ? (v === 0n && !(byte & 0x40)) || (v === -1n && (byte & 0x40) !== 0) : v === 0n;
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

function lebDirective(signed: boolean): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 1, Infinity);
    a.requireContents('data directives');
    const start = a.section.size;
    for (const arg of args) {
      const v = a.constantExact(arg);
      if (!signed && v < 0n) throw new StatementError(`.uleb128 value must not be negative, got ${v}`, arg.column);
      a.section.append(leb128(v, signed));
    }
    a.noteData(start);
  };
}
on('.uleb128', lebDirective(false));
on('.sleb128', lebDirective(true));

function strings(zeroTerminated: boolean): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 1, Infinity);
    a.requireContents('strings');
    const start = a.section.size;
    for (const arg of args) {
      const bytes = parseString(arg);
      if (zeroTerminated) bytes.push(0);
      a.section.append(bytes);
    }
    a.noteData(start);
  };
}
on('.ascii', strings(false));
on('.asciz .string', strings(true));

function fillBytes(a: Assembly, count: number, pattern: number[], where: Arg): void {
  if (!Number.isInteger(count) || count < 0) throw new StatementError(`size must be a non-negative number, got ${count}`, where.column);
  const start = a.section.size;
  const zero = pattern.every((b) => b === 0);
  if (!zero) a.requireContents('non-zero fill values');
  a.section.reserve(count * pattern.length);
  if (!zero) {
    const bytes = new Uint8Array(count * pattern.length);
    for (let i = 0; i < bytes.length; i++) bytes[i] = pattern[i % pattern.length];
    a.section.patch(start, bytes);
  }
  a.noteData(start);
}

on('.space .skip', (a, st, args) => {
  expectArgs(st, args, 1, 2);
  const fill = args.length > 1 ? a.constant(args[1]) & 255 : 0;
  fillBytes(a, a.constant(args[0]), [fill], args[0]);
});
on('.zero', (a, st, args) => {
  expectArgs(st, args, 1, 1);
  fillBytes(a, a.constant(args[0]), [0], args[0]);
});
on('.fill', (a, st, args) => {
  expectArgs(st, args, 1, 3);
  const size = args.length > 1 ? a.constant(args[1]) : 1;
  if (!Number.isInteger(size) || size < 0 || size > 8) throw new StatementError(`.fill size must be 0..8, got ${size}`, args[1].column);
  // GNU as: the low 4 bytes of the value, little-endian; wider sizes are padded with zeros.
  const value = args.length > 2 ? a.constantExact(args[2]) : 0n;
  const pattern: number[] = [];
  for (let i = 0; i < size; i++) pattern.push(i < 4 ? Number((value >> BigInt(8 * i)) & 255n) : 0);
  fillBytes(a, a.constant(args[0]), pattern, args[0]);
});

function alignDirective(kind: 'bytes' | 'power'): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 1, 3);
    const n = a.constant(args[0]);
    const align = kind === 'power' ? 2 ** n : n;
    if (kind === 'power' ? !Number.isInteger(n) || n < 0 || n > 31 : !isPowerOfTwo(n)) {
      throw new StatementError(
        kind === 'power' ? `alignment exponent must be 0..31, got ${n}` : `alignment must be a power of 2, got ${n}`,
        args[0].column,
      );
    }
    const fill = args.length > 1 && args[1].text !== '' ? a.constant(args[1]) : 0;
    const max = args.length > 2 ? a.constant(args[2]) : Infinity;
    const start = a.section.size;
    a.alignTo(align, fill, max);
    if (fill !== 0) a.noteData(start);
  };
}
on('.align .balign', alignDirective('bytes'));
on('.p2align', alignDirective('power'));

on('.org', (a, st, args) => {
  expectArgs(st, args, 1, 2);
  const v = a.evalNow(args[0]);
  if (v.section && v.section !== a.section) {
    throw new StatementError('.org target must be in the current section', args[0].column);
  }
  const fill = args.length > 1 ? a.constant(args[1]) & 255 : 0;
  const count = v.offset - a.section.size;
  if (count < 0) {
    throw new StatementError(`.org cannot move the location counter backwards (from ${a.section.size} to ${v.offset})`, args[0].column);
  }
  fillBytes(a, count, [fill], args[0]);
});

// ---- symbols --------------------------------------------------------------------------------

function binding(bind: 'global' | 'weak' | 'local'): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 1, Infinity);
    for (const arg of args) {
      const e = a.scope.entry(symbolArg(arg));
      if (bind === 'local') {
        e.forcedLocal = true;
        e.bind = 'local';
      } else if (e.bind !== 'weak') e.bind = bind;
    }
  };
}
on('.global .globl', binding('global'));
on('.weak', binding('weak'));
on('.local', binding('local'));
on('.hidden .protected .internal', (a, st, args) => {
  expectArgs(st, args, 1, Infinity);
  for (const arg of args) a.scope.entry(symbolArg(arg));
});

const TYPES: Record<string, number> = {
  function: STT_FUNC,
  object: STT_OBJECT,
  notype: STT_NOTYPE,
  tls_object: STT_OBJECT,
  common: STT_OBJECT,
  gnu_indirect_function: STT_FUNC,
};
on('.type', (a, st, args) => {
  expectArgs(st, args, 2, 2);
  const e = a.scope.entry(symbolArg(args[0]));
  const spelled = args[1].text.replace(/^[@%"]|"$/g, '').replace(/^STT_/, '').toLowerCase();
  const type = TYPES[spelled];
  if (type === undefined) throw new StatementError(`unknown symbol type '${args[1].text}'`, args[1].column);
  e.type = type;
});
on('.size', (a, st, args) => {
  expectArgs(st, args, 2, 2);
  const e = a.scope.entry(symbolArg(args[0]));
  e.size = { expr: a.parseExpr(args[1]), dot: a.dot(), scope: a.scope, loc: a.loc(args[1].column) };
});

function equate(mustBeNew: boolean): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 2, 2);
    a.defineEquate(symbolArg(args[0]), args[0].column, args[1], mustBeNew);
  };
}
on('.set .equ', equate(false));
on('.equiv', equate(true));
on('=', (a, st, args) => {
  if (!st.assigned) throw new StatementError("expected a symbol name before '='", st.opColumn);
  if (args.length !== 1) throw new StatementError(`'=' takes one expression, got ${args.length}`, st.argsColumn);
  a.defineEquate(st.assigned!.name, st.assigned!.column, args[0], false);
});

/**
 * GNU as's alignment when none is given: `.lcomm` takes the largest power of two not above the
 * size (at most 8), `.comm` the smallest power of two not below it (at most 16).
 */
function defaultCommonAlign(size: number, local: boolean): number {
  if (size <= 1) return 1;
  return local ? Math.min(8, 2 ** Math.floor(Math.log2(size))) : Math.min(16, 2 ** Math.ceil(Math.log2(size)));
}

function common(local: boolean): DirectiveHandler {
  return (a, st, args) => {
    expectArgs(st, args, 2, 3);
    const name = symbolArg(args[0]);
    const size = a.constant(args[1]);
    if (!Number.isInteger(size) || size < 0) throw new StatementError(`size must be a non-negative number, got ${size}`, args[1].column);
    const align = args.length > 2 ? a.constant(args[2]) : defaultCommonAlign(size, local);
    if (!isPowerOfTwo(align)) throw new StatementError(`alignment must be a power of 2, got ${align}`, args[2]?.column ?? st.opColumn);
    a.defineCommon(name, args[0].column, size, align, local);
  };
}
on('.comm', common(false));
on('.lcomm', common(true));

// ---- Xtensa literal pools ---------------------------------------------------------------------

on('.literal_position', (_a, st, args) => expectArgs(st, args, 0, 0));
on('.literal', (a, st, args) => {
  expectArgs(st, args, 2, Infinity);
  const saved = a.section;
  const pool = a.literalPool();
  a.section = pool;
  try {
    a.alignTo(4);
    a.defineLabel(symbolArg(args[0]), args[0].column);
    a.emitData(4, args.slice(1));
  } finally {
    a.section = saved;
  }
});
on('.begin .end', (_a, st, args) => {
  expectArgs(st, args, 1, 2);
  const what = args[0].text.toLowerCase();
  if (!['no-transform', 'transform', 'literal_prefix', 'schedule', 'no-schedule', 'longcalls', 'no-longcalls', 'density', 'no-density', 'absolute-literals', 'no-absolute-literals', 'literal'].includes(what)) {
    throw new StatementError(`unknown ${st.op} region '${args[0].text}'`, args[0].column);
  }
});

on('.include .incbin', (_a, st) => {
  throw new StatementError(`${st.op} is not supported: the assembler reads no files (pass every file to it instead)`, st.opColumn);
});

// ---- accepted and ignored -------------------------------------------------------------------

const ignore: DirectiveHandler = () => undefined;
on('.loc', (a, st) => {
  // The position is kept for the listing (each instruction's `source`; no .debug_line is made here),
  // and the view numbers (`view .LVUn`) that debug sections refer to are computed: 0 at a new
  // address, else one more than the previous .loc.
  const pos = /^\s*(\d+)\s+(\d+)(?:\s+(\d+))?/.exec(st.args);
  if (pos) a.setDebugLoc(Number(pos[1]), Number(pos[2]), pos[3] === undefined ? 0 : Number(pos[3]));
  const m = /\bview\s+(\S+)/.exec(st.args);
  const view = a.nextLocView();
  if (!m || /^-?0$/.test(m[1])) {
    if (m) a.resetLocView();
    return;
  }
  const column = st.argsColumn + m.index + m[0].length - m[1].length;
  a.defineEquate(m[1], column, { text: String(view), column }, false);
});
on('.file', (a, st) => {
  // `.file N "name"` or `.file N "dir" "name"` numbers a file for `.loc`; `.file "name"` names the source (ignored)
  const m = /^\s*(\d+)\s+"((?:[^"\\]|\\.)*)"(?:\s+"((?:[^"\\]|\\.)*)")?/.exec(st.args);
  if (!m) return;
  const unescape = (t: string) => t.replace(/\\(.)/g, '$1');
  const [first, second] = [unescape(m[2]), m[3] === undefined ? undefined : unescape(m[3])];
  // with a directory: the name under it, unless the name is absolute
  const name = second === undefined ? first : second.startsWith('/') || !first ? second : `${first.replace(/\/$/, '')}/${second}`;
  a.defineDebugFile(Number(m[1]), name);
});
on('.ident .loc_mark_labels .addrsig .addrsig_sym .version .frame .mask .fmask .gnu_attribute .note', ignore);
for (const cfi of [
  'startproc', 'endproc', 'def_cfa', 'def_cfa_offset', 'def_cfa_register', 'adjust_cfa_offset', 'offset', 'rel_offset',
  'register', 'restore', 'undefined', 'same_value', 'remember_state', 'restore_state', 'return_column', 'signal_frame',
  'window_save', 'escape', 'sections', 'personality', 'lsda', 'val_offset',
]) {
  on(`.cfi_${cfi}`, ignore);
}

/** Every directive the assembler knows, by lower-case name (including '=' for `sym = expr`). */
export const DIRECTIVES: ReadonlyMap<string, DirectiveHandler> = table;
