// Lane loops for the IVP handlers, each compiled as its own function (new Function per family):
// a loop shared by many families would see many lane functions at its call site and V8 could not
// inline any of them; a loop of its own keeps the call monomorphic, so the lane operation is inlined
// into the loop. `view` names a typed view of Cpu.ivp (i8, u8, i16, u16, i32, u32, f32).

import type { Handler } from '../insn';

export type ViewName = 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'f32';

/** v[a][k] = f(v[b][k], v[c][k]) over `n` lanes (operands a, b, c of the Insn). */
export function lanes2(view: ViewName, n: number, f: (x: number, y: number) => number): Handler {
  const src = `return function lanes2(c, i) {
  const v = c.ivp.${view};
  const d = i.a * ${n}, a = i.b * ${n}, b = i.c * ${n};
  for (let k = 0; k < ${n}; k++) v[d + k] = f(v[a + k], v[b + k]);
  return i.next;
};`;
  return new Function('f', src)(f) as Handler;
}

/** v[a][k] = f(v[b][k]) over `n` lanes. */
export function lanes1(view: ViewName, n: number, f: (x: number) => number): Handler {
  const src = `return function lanes1(c, i) {
  const v = c.ivp.${view};
  const d = i.a * ${n}, a = i.b * ${n};
  for (let k = 0; k < ${n}; k++) v[d + k] = f(v[a + k]);
  return i.next;
};`;
  return new Function('f', src)(f) as Handler;
}

/** v[a][k] = f(v[b][k], imm, bits) over `n` lanes, the immediate in operand c. */
export function lanesImm(view: ViewName, n: number, bits: number, f: (x: number, s: number, bits: number) => number): Handler {
  const src = `return function lanesImm(c, i) {
  const v = c.ivp.${view};
  const d = i.a * ${n}, a = i.b * ${n}, s = i.c;
  for (let k = 0; k < ${n}; k++) v[d + k] = f(v[a + k], s, ${bits});
  return i.next;
};`;
  return new Function('f', src)(f) as Handler;
}

/**
 * f32 lanes: v[a][k] = f(v[b][k], v[c][k]), a NaN result written as the default NaN 0x7fc00000.
 * `expr`, when given, is f's body as a JavaScript expression in x and y, compiled into the loop.
 */
export function lanesF32(f: (x: number, y: number) => number, expr?: string): Handler {
  const src = `return function lanesF32(c, i) {
  const v = c.ivp.f32;
  const d = i.a * 16, a = i.b * 16, b = i.c * 16;
  for (let k = 0; k < 16; k++) {
    const x = v[a + k], y = v[b + k];
    const r = ${expr ?? 'f(x, y)'};
    if (r === r) v[d + k] = r;
    else c.ivp.u32[d + k] = 0x7fc00000;
  }
  return i.next;
};`;
  return new Function('f', src)(f) as Handler;
}

export function viewName(bits: number, signed: boolean): ViewName {
  return `${signed ? 'i' : 'u'}${bits}` as ViewName;
}
