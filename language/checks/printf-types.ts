// What each printf conversion expects of its argument on the device's ILP32 ABI (int and long are
// 32-bit, long long 64-bit, int64_t is long long, size_t unsigned int), judged the way GCC's -Wformat
// judges it: after the default argument promotions, integer types must be the same type up to
// signedness (int and long differ even though both are 32-bit), %p takes any pointer, %s any pointer
// to a char type. Also the conversion that does fit an argument, for the quick fix.

import { nonReference, type BuiltinName, type Type } from '../model/types';
import type { Directive } from './format-string';

/** The class of an argument after the default argument promotions, as printf sees it. */
export type ArgClass =
  | { kind: 'int'; rank: 'int' | 'long' | 'long long'; unsigned: boolean }
  | { kind: 'double'; long: boolean }
  | { kind: 'string' }
  | { kind: 'pointer' }
  | { kind: 'other' }
  | { kind: 'unknown' };

const PROMOTED_TO_INT = new Set<BuiltinName>(['bool', 'char', 'signed char', 'unsigned char', 'short', 'unsigned short', 'wchar_t', 'char16_t', 'int']);
const CHARS = new Set<BuiltinName>(['char', 'signed char', 'unsigned char']);

export function classify(t0: Type): ArgClass {
  const t = nonReference(t0);
  switch (t.kind) {
    case 'builtin':
      if (PROMOTED_TO_INT.has(t.name)) return { kind: 'int', rank: 'int', unsigned: false };
      if (t.name === 'unsigned int' || t.name === 'char32_t') return { kind: 'int', rank: 'int', unsigned: true };
      if (t.name === 'long' || t.name === 'unsigned long') return { kind: 'int', rank: 'long', unsigned: t.name !== 'long' };
      if (t.name === 'long long' || t.name === 'unsigned long long') return { kind: 'int', rank: 'long long', unsigned: t.name !== 'long long' };
      if (t.name === 'float' || t.name === 'double') return { kind: 'double', long: false };
      if (t.name === 'long double') return { kind: 'double', long: true };
      if (t.name === 'nullptr_t') return { kind: 'pointer' };
      return { kind: 'other' };
    case 'enum':
      return t.decl.scoped ? { kind: 'other' } : { kind: 'int', rank: 'int', unsigned: false };
    case 'pointer':
      return isCharType(t.pointee) ? { kind: 'string' } : { kind: 'pointer' };
    case 'array':
      return isCharType(t.element) ? { kind: 'string' } : { kind: 'pointer' };
    case 'function':
      return { kind: 'pointer' };
    case 'error':
    case 'tparam':
    case 'pattern':
      return { kind: 'unknown' };
    default:
      return { kind: 'other' };
  }
}

function isCharType(t: Type): boolean {
  return t.kind === 'builtin' && CHARS.has(t.name);
}

/** The type a conversion expects, GCC's way of naming it; undefined for `%%`. */
export function expectedType(d: Directive): string | undefined {
  const unsigned = 'ouxX'.includes(d.conv);
  switch (d.conv) {
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X':
      return intName(d.length, unsigned);
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      return d.length === 'L' ? 'long double' : 'double';
    case 'c': return d.length === 'l' ? 'wint_t' : 'int';
    case 's': return d.length === 'l' ? 'wchar_t *' : 'char *';
    case 'p': return 'void *';
    case 'n': return `${intName(d.length, false)} *`;
    default: return undefined;
  }
}

function intName(length: string, unsigned: boolean): string {
  switch (length) {
    case 'hh': return unsigned ? 'unsigned char' : 'signed char';
    case 'h': return unsigned ? 'short unsigned int' : 'short int';
    case 'l': return unsigned ? 'long unsigned int' : 'long int';
    case 'll': case 'q': return unsigned ? 'long long unsigned int' : 'long long int';
    case 'j': return unsigned ? 'uintmax_t' : 'intmax_t';
    case 'z': return unsigned ? 'size_t' : 'signed size_t';
    case 't': return unsigned ? 'unsigned ptrdiff_t' : 'ptrdiff_t';
    default: return unsigned ? 'unsigned int' : 'int';
  }
}

/** The promoted integer rank a length modifier asks for. */
function lengthRank(length: string): 'int' | 'long' | 'long long' | undefined {
  switch (length) {
    case '': case 'hh': case 'h': case 'z': case 't': return 'int';
    case 'l': return 'long';
    case 'll': case 'q': case 'j': return 'long long';
    default: return undefined;
  }
}

/** Whether an argument of class `a` is what the conversion expects (as -Wformat judges it). */
export function fits(d: Directive, a: ArgClass): boolean {
  if (a.kind === 'unknown') return true;
  switch (d.conv) {
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X':
      return a.kind === 'int' && a.rank === lengthRank(d.length);
    case 'c':
      return a.kind === 'int' && a.rank === 'int';
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      return a.kind === 'double' && a.long === (d.length === 'L');
    case 's':
      return d.length === 'l' ? a.kind === 'pointer' : a.kind === 'string';
    case 'p':
      return a.kind === 'pointer' || a.kind === 'string';
    case 'n':
      return a.kind === 'pointer';
    default:
      return true;
  }
}

/** A field width or precision given as `*` takes an int. */
export function fitsStar(a: ArgClass): boolean {
  return a.kind === 'unknown' || (a.kind === 'int' && a.rank === 'int');
}

/**
 * The specification that prints an argument of class `a` (flags, width and precision kept), or
 * undefined when no conversion prints it (a class object).
 */
export function fittingDirective(d: Directive, a: ArgClass): string | undefined {
  const keep = `%${d.flags}${d.width}${d.precision}`;
  switch (a.kind) {
    case 'int': {
      const len = a.rank === 'long long' ? 'll' : a.rank === 'long' ? 'l' : '';
      let conv = d.conv;
      if (!'diouxXc'.includes(conv)) conv = a.unsigned ? 'u' : 'd';
      else if (conv === 'c' && a.rank !== 'int') conv = a.unsigned ? 'u' : 'd';
      else if ((conv === 'd' || conv === 'i') && a.unsigned) conv = 'u';
      if (conv === 'c') return `${keep}c`;
      return `${keep}${len}${conv}`;
    }
    case 'double': return `${keep}${a.long ? 'L' : ''}${'eEgGaAfF'.includes(d.conv) ? d.conv : 'f'}`;
    case 'string': return `${keep}s`;
    case 'pointer': return `%${d.flags.replace(/[#0+ ]/g, '')}${d.width}p`;
    default: return undefined;
  }
}

/** How the device's printf goes wrong when it reads this argument with the wrong conversion. */
export function consequence(d: Directive, a: ArgClass): string {
  const want = expectedBytes(d);
  const got = a.kind === 'int' ? (a.rank === 'long long' ? 8 : 4) : a.kind === 'double' ? 8 : a.kind === 'string' || a.kind === 'pointer' ? 4 : undefined;
  if (want !== undefined && got !== undefined && want !== got) {
    return `printf reads ${want} bytes where ${got} were passed, so this value and every conversion after it print garbage`;
  }
  if ((a.kind === 'string' || a.kind === 'pointer') && 'diouxXc'.includes(d.conv)) return 'printf prints the address, not what it points to';
  if (d.conv === 'p') return 'printf prints the number as an address';
  if (d.conv === 's') return 'printf reads the value as the address of a string: garbage, or a fault on the device';
  if (a.kind === 'double' || 'fFeEgGaA'.includes(d.conv)) return 'printf reads the bits of one kind of value as the other: garbage';
  return 'both are 32-bit on the device, but the types differ and GCC warns (-Wformat)';
}

function expectedBytes(d: Directive): number | undefined {
  if ('diouxX'.includes(d.conv)) return lengthRank(d.length) === 'long long' ? 8 : 4;
  if ('fFeEgGaA'.includes(d.conv)) return 8;
  if ('cspn'.includes(d.conv)) return 4;
  return undefined;
}
