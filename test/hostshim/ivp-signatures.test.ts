// The host shim implements the guest <xtensa/tie/xt_ivp32.h> whole: every intrinsic the guest header
// declares exists in the shim with the same signature (checked by g++ with a static_assert per
// declaration).

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeShimTree } from '../../hostshim';
import { sdkHeaders } from '../../language/sdk';
import { requireTool } from '../../harness/oracle/tools';

describe('hostshim: the whole guest IVP header natively', function () {
  this.timeout(60000);

  it('declares every guest intrinsic with the guest signature', function () {
    requireTool(this, 'gcc');
    const guest = sdkHeaders().get('xtensa/tie/xt_ivp32.h') ?? '';
    const decls = guest.split('\n').map((l) => l.match(/^(\w[\w\s*&]*?)\b(IVP_\w+)\((.*)\);$/)).filter((m): m is RegExpMatchArray => m !== null);
    assert.ok(decls.length > 500, `${decls.length} declarations read from the guest header`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-sig-'));
    try {
      const inc = writeShimTree(dir);
      const src = path.join(dir, 'signatures.cpp');
      fs.writeFileSync(src, [
        '#include <xtensa/tie/xt_ivp32.h>',
        '#include <type_traits>',
        ...decls.map((m, i) => `typedef ${m[1]} sig${i}(${m[3]});\nstatic_assert(std::is_same<decltype(${m[2]}), sig${i}>::value, "${m[2]}");`),
      ].join('\n'));
      const r = spawnSync('g++', ['-std=c++17', '-fsyntax-only', `-I${inc}`, src], { encoding: 'utf8' });
      const missing = [...r.stderr.matchAll(/(?:‘|')(IVP_\w+)(?:’|') was not declared|static assertion failed: "?(IVP_\w+)/g)].map((m) => m[1] ?? m[2]);
      assert.equal(r.status, 0, `${[...new Set(missing)].join(', ')}\n${r.stderr.slice(0, 2000)}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
