// A C++ test program for the IVP intrinsic tests: operand arrays and a body computing into output
// arrays, then every output lane printed (compiled by our compiler, or natively through the host shim).
// Shared by ivp-intrinsics.test.ts and ivp-kernels-model.test.ts; no test of its own.

export interface Output {
  readonly name: string;
  readonly type: string;
  readonly n: number;
  readonly fmt: string;
}

/** The program: `decls` at namespace scope, the output arrays, `main` running `body` and printing the outputs. */
export function program(decls: string, body: string, outputs: readonly Output[]): string {
  return `#include <stdio.h>
#include <stdint.h>
#include <xtensa/tie/xt_ivp32.h>
${decls}
${outputs.map((o) => `${o.type} ${o.name}[${o.n}];`).join('\n')}
int main() {
${body}
${outputs.map((o) => `  for (int i = 0; i < ${o.n}; i++) printf("${o.fmt}\\n", ${o.name}[i]);`).join('\n')}
  return 0;
}
`;
}
