// The intrinsic declarations of the guest <xtensa/tie/xt_ivp32.h>, read from the header itself, and a
// kernel calling each one once: the compile-everything test builds it, so a declaration added to the
// header without a lowering fails that test.

import { sdkHeaders } from '../../language/sdk';

export interface IvpParam {
  readonly type: string;
  readonly name: string;
}

export interface IvpDeclaration {
  readonly ret: string;
  readonly name: string;
  readonly params: readonly IvpParam[];
  readonly line: number;
}

/** Every `ret IVP_NAME(params);` line of the guest header. */
export function ivpDeclarations(): IvpDeclaration[] {
  const text = sdkHeaders().get('xtensa/tie/xt_ivp32.h');
  if (!text) throw new Error('the SDK has no xtensa/tie/xt_ivp32.h');
  const out: IvpDeclaration[] = [];
  text.split('\n').forEach((l, i) => {
    const m = l.match(/^(\w[\w\s*&]*?)\s*\b(IVP_\w+)\((.*)\);$/);
    if (!m) return;
    const params = m[3].trim() === 'void' || m[3].trim() === '' ? [] : m[3].split(',').map((p, k) => {
      const pm = p.trim().match(/^(.*?)\s*(\w+)$/);
      if (!pm) throw new Error(`xt_ivp32.h:${i + 1}: parameter ${k + 1} of ${m[2]} is unreadable: '${p}'`);
      return { type: pm[1].trim(), name: pm[2] };
    });
    out.push({ ret: m[1].trim(), name: m[2], params, line: i + 1 });
  });
  return out;
}

/**
 * A constant for an `int` parameter that is the instruction's immediate: a value valid for every
 * form (a shift of 1, lane 1, pattern 1, an offset of 0).
 */
function intArgument(d: IvpDeclaration, p: IvpParam): string {
  if (p.name === 'imm' || p.name === 'inc' || p.name === 'offset') return /_XP?$/.test(d.name) ? 'k' : '0';
  if (p.name === 'nbytes') return 'k';
  return '1';
}

/**
 * One function per declaration, `t<index>`, calling it once: value arguments are parameters of the
 * function, reference arguments locals, pointers point into `buf`, integers constants or `k`.
 */
export function callingKernel(decls: readonly IvpDeclaration[]): string {
  const fns = decls.map((d, i) => {
    const params: string[] = ['int k', 'void *buf'];
    const locals: string[] = [];
    const args = d.params.map((p, j) => {
      const v = `a${j}`;
      if (p.type === 'int') return intArgument(d, p);
      if (p.type.endsWith('*&')) {
        locals.push(`${p.type.slice(0, -1)}${v} = (${p.type.slice(0, -1)})buf;`);
        return v;
      }
      if (p.type.endsWith('&')) {
        const t = p.type.slice(0, -1).trim();
        locals.push(t === 'valign' ? `valign ${v} = IVP_ZALIGN();` : `${t} ${v};`);
        return v;
      }
      if (p.type.endsWith('*')) return `(${p.type})buf`;
      params.push(`${p.type} ${v}`);
      return v;
    });
    const call = `${d.name}(${args.join(', ')})`;
    const body = d.ret === 'void' ? `  ${call};` : `  return ${call};`;
    return `${d.ret} t${i}(${params.join(', ')}) {\n${locals.map((l) => `  ${l}\n`).join('')}${body}\n}`;
  });
  return ['#include <stdint.h>', '#include <xtensa/tie/xt_ivp32.h>', ...fns, ''].join('\n');
}
