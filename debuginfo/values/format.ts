// Display strings of values as a C++ debugger shows them: integers signed/unsigned (64-bit exact,
// through BigInt), chars with their character, bools, float32 and double with the shortest decimal
// that reads back to the same bits, pointers in hex, enums by name, and short summaries of classes
// and arrays. Pretty printers (pretty.ts) take over for the types they know.

import { ATE } from '../types';
import { ClassType, DType, EnumType, strip } from '../dtypes';
import { InspectContext, InspectError, Value, deref, elementValue, memberValue, offsetPlace, readFloat, readInteger, readUnsigned } from './value';

export interface FormatOptions {
  /** Pretty printers (display of known classes). */
  readonly pretty?: { display(ctx: InspectContext, v: Value): string | undefined };
  /** Elements shown in a summary of an array or class. */
  readonly summaryItems?: number;
  readonly depth?: number;
}

export function hex(v: bigint | number): string {
  return `0x${(typeof v === 'bigint' ? v : BigInt(v >>> 0)).toString(16)}`;
}

/** The shortest decimal that reads back as the same float32. */
export function formatFloat32(f: number): string {
  if (!Number.isFinite(f)) return Number.isNaN(f) ? 'nan' : f > 0 ? 'inf' : '-inf';
  if (Object.is(f, -0)) return '-0';
  for (let p = 1; p <= 9; p++) {
    const s = f.toPrecision(p);
    if (Math.fround(Number(s)) === f) return normalise(Number(s));
  }
  return normalise(f);
}

export function formatDouble(d: number): string {
  if (!Number.isFinite(d)) return Number.isNaN(d) ? 'nan' : d > 0 ? 'inf' : '-inf';
  if (Object.is(d, -0)) return '-0';
  return normalise(d);
}

function normalise(n: number): string {
  return String(n);
}

const CHAR_ESCAPES: Record<number, string> = { 0: '\\0', 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 39: "\\'", 92: '\\\\' };

export function charLiteral(code: number): string {
  if (CHAR_ESCAPES[code]) return `'${CHAR_ESCAPES[code]}'`;
  if (code >= 32 && code < 127) return `'${String.fromCharCode(code)}'`;
  return `'\\${(code & 0xff).toString(8).padStart(3, '0')}'`;
}

export function enumName(t: EnumType, v: bigint): string {
  const e = t.enumerators.find((x) => x.value === v);
  if (e) return e.name;
  return `(${t.name}) ${v}`;
}

function isCharType(t: DType): boolean {
  const s = strip(t);
  return s.kind === 'base' && s.size === 1 && (s.encoding === ATE.signed_char || s.encoding === ATE.unsigned_char);
}

/** A NUL-terminated string at a local address (at most `max` bytes). */
function cString(ctx: InspectContext, addr: number, max = 64): string | undefined {
  const b = ctx.target.readMemory(addr, max);
  if (!b) return undefined;
  let s = '';
  for (let k = 0; k < b.length; k++) {
    if (b[k] === 0) return `"${s}"`;
    s += b[k] >= 32 && b[k] < 127 && b[k] !== 34 && b[k] !== 92 ? String.fromCharCode(b[k]) : b[k] === 10 ? '\\n' : `\\${b[k].toString(8).padStart(3, '0')}`;
  }
  return `"${s}"...`;
}

/** The display string of a value; failures show as `<message>`. */
export function formatValue(ctx: InspectContext, v: Value, o: FormatOptions = {}): string {
  try {
    return formatInner(ctx, v, o, o.depth ?? 2);
  } catch (e) {
    if (e instanceof InspectError) return `<${e.message}>`;
    return `<error: ${(e as Error).message}>`;
  }
}

function formatInner(ctx: InspectContext, v: Value, o: FormatOptions, depth: number): string {
  if (v.place.kind === 'unavailable') return `<${v.place.reason}>`;
  const custom = o.pretty?.display(ctx, v);
  if (custom !== undefined) return custom;
  const s = strip(v.type);
  switch (s.kind) {
    case 'void': return 'void';
    case 'base': {
      if (s.encoding === ATE.float) return s.size === 4 || s.size === 2 ? formatFloat32(readFloat(ctx, v)) : s.size === 8 ? formatDouble(readFloat(ctx, v)) : `<${s.size}-byte float>`;
      if (s.encoding === ATE.boolean) return readUnsigned(ctx, v) !== 0n ? 'true' : 'false';
      const n = readInteger(ctx, v);
      if (isCharType(s)) return `${n} ${charLiteral(Number(BigInt.asUintN(8, n)))}`;
      if (s.encoding === 0 && s.name === 'decltype(nullptr)') return 'nullptr';
      return n.toString();
    }
    case 'enum': return enumName(s, readInteger(ctx, v));
    case 'pointer': {
      if (v.place.kind === 'implicit-pointer') return '<implicit pointer>';
      const p = readUnsigned(ctx, v);
      if (isCharType(s.target) && p !== 0n) {
        const str = cString(ctx, Number(p));
        return str ? `${hex(p)} ${str}` : hex(p);
      }
      return p === 0n ? '0x0' : hex(p);
    }
    case 'reference': case 'rvalue-reference': {
      const target = deref(ctx, v);
      const inner = formatInner(ctx, target, o, depth);
      if (v.place.kind === 'implicit-pointer') return inner;
      const ts = strip(target.type);
      return ts.kind === 'class' || ts.kind === 'array' ? `@${hex(readUnsigned(ctx, v))}: ${inner}` : inner;
    }
    case 'array': {
      if (depth <= 0) return '{...}';
      const n = s.count ?? 0;
      if (isCharType(s.element) && v.place.kind === 'memory') {
        const str = cString(ctx, v.place.addr, Math.min(n, 64));
        if (str) return str;
      }
      const max = o.summaryItems ?? 10;
      const parts: string[] = [];
      for (let k = 0; k < Math.min(n, max); k++) parts.push(formatInner(ctx, elementValue(ctx, v, s, k), o, depth - 1));
      return `{${parts.join(', ')}${n > max ? ', ...' : ''}}`;
    }
    case 'class': return depth <= 0 ? '{...}' : classSummary(ctx, v, s, o, depth);
    case 'function': return s.name;
  }
  return '?';
}

function classSummary(ctx: InspectContext, v: Value, s: ClassType, o: FormatOptions, depth: number): string {
  if (s.incomplete) return `<incomplete type ${s.name}>`;
  const parts: string[] = [];
  const max = o.summaryItems ?? 10;
  for (const b of s.bases) {
    if (parts.length >= max) break;
    parts.push(`${strip(b.type).name} = ${formatInner(ctx, { type: b.type, place: offsetPlace(ctx, v.place, b.offset, Math.max(b.type.size, 1)) }, o, depth - 1)}`);
  }
  for (const m of s.members) {
    if (parts.length >= max) {
      parts.push('...');
      break;
    }
    if (m.name.startsWith('_vptr')) continue;
    parts.push(`${m.name || '<anonymous>'} = ${formatInner(ctx, memberValue(ctx, v, m), o, depth - 1)}`);
  }
  return `{${parts.join(', ')}}`;
}
