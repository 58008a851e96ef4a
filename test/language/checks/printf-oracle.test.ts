// Q7-P012 against the oracle: the same printf calls compiled by Debian's xtensa-lx106-elf-gcc with
// -Wformat (an ILP32 Xtensa GCC, the device's ABI: int64_t long long, size_t unsigned int) and run
// through our check; the lines warned about, and how many warnings each, must be the same.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { memoryHost } from '../../../language';
import { checkedDiagnostics } from '../../../language/checks';
import { sharedFrontend } from '../grammar';
import { findTool, requireTool } from '../../../harness/oracle/tools';

/** GCC gets the declarations the SDK's headers give our front-end (same line count). */
const GCC_DECLS = [
  'typedef long long int64_t;',
  'typedef unsigned long long uint64_t;',
  'typedef unsigned int size_t;',
  'int printf(const char* format, ...);',
  'int snprintf(char* buffer, size_t size, const char* format, ...);',
];
const SDK_DECLS = ['#include <stdint.h>', '#include <stddef.h>', '#include <stdio.h>', '', ''];
const DECLS = [
  'void f(int64_t i64, uint64_t u64, int n, unsigned u, long l, unsigned long ul, size_t z, float fl, double d, long double ld,',
  '       short sh, unsigned char uc, const char* s, unsigned char* us, int* p, void* vp, char* buf) {',
];

/** One call per line; the cases cover agreement and every kind of mismatch the check knows. */
const CALLS = [
  'printf("%d %i %o %u %x %X", n, n, u, u, u, n);',
  'printf("%d", i64);',
  'printf("%lld %llu %llx", i64, u64, i64);',
  'printf("%ld", n);',
  'printf("%d", l);',
  'printf("%ld %lu", l, ul);',
  'printf("%lu", z);',
  'printf("%zu %u %d", z, z, z);',
  'printf("%f %e %g %a", d, fl, d, fl);',
  'printf("%f", n);',
  'printf("%d", d);',
  'printf("%Lf", d);',
  'printf("%Lf", ld);',
  'printf("%f", ld);',
  'printf("%s %s", s, us);',
  'printf("%s", n);',
  'printf("%s", p);',
  'printf("%p %p %p", p, vp, s);',
  'printf("%p", n);',
  'printf("%d", p);',
  'printf("%c %c %hd %hhu", n, sh, n, uc);',
  'printf("%d %d", n);',
  'printf("%d", n, n);',
  'printf("%*d", n, n);',
  'printf("%*d", l, n);',
  'printf("%.*f", n, d);',
  'printf("%-+#08.3f|%5lld", d, i64);',
  'printf("100%%");',
  'printf("%-8d|%+d|% d|%#x|%08.3f", n, n, n, u, d);',
  'printf("% +d", n);',
  'printf("%08.3d", n);',
  'printf("%#d", n);',
  'printf("%");',
  'printf("%y", n);',
  'snprintf(buf, 8, "%d", i64);',
  'snprintf(buf, 8, "%lld", i64);',
  'printf("%jd %td", i64, n);',
  'printf("%llu", z);',
];

function source(decls: string[]): string {
  return `${[...decls, ...DECLS].join('\n')}\n${CALLS.map((c) => `  ${c}`).join('\n')}\n}\n`;
}

/** Line numbers (1-based) of GCC's format warnings, one entry per warning. */
function gccLines(file: string, out: string): number[] {
  const re = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):\\d+: warning: .*\\[-Wformat`, 'gm');
  return [...out.matchAll(re)].map((m) => Number(m[1])).sort((a, b) => a - b);
}

describe('Q7-P012 agrees with xtensa-lx106-elf-gcc -Wformat', function () {
  this.timeout(60000);

  it('warns on the same lines, as many times', async function () {
    requireTool(this, 'xtensa-lx106-elf-gcc');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-printf-'));
    const cFile = path.join(dir, 'calls.c');
    fs.writeFileSync(cFile, source(GCC_DECLS));
    const r = spawnSync(findTool('xtensa-lx106-elf-gcc')!, ['-Wformat', '-fsyntax-only', cFile], { encoding: 'utf8' });
    const stderr = String(r.stderr);
    fs.rmSync(dir, { recursive: true, force: true });
    const gcc = gccLines(cFile, stderr);
    assert.ok(gcc.length >= 15, `gcc gave too few warnings to compare:\n${stderr}`);

    const fe = await sharedFrontend();
    const file = '/oracle/calls.cpp';
    const ours = checkedDiagnostics(fe.analyze(file, memoryHost({ [file]: source(SDK_DECLS) })))
      .filter((d) => d.code === 'Q7-P012')
      .map((d) => d.range.start.line + 1)
      .sort((a, b) => a - b);
    const show = (lines: number[]) => lines.map((l) => `${l}: ${source(GCC_DECLS).split('\n')[l - 1].trim()}`).join('\n');
    assert.deepEqual(ours, gcc, `ours:\n${show(ours)}\ngcc:\n${show(gcc)}`);
  });
});
