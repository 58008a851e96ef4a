// The link with the shared parts as relocatable objects (compiler/link-objects.ts) gives the image
// that assembling every part's text gives: ELF bytes and listing, for every example kernel at -O0 and
// -O1 and for programs with and without printf (a large runtime selection: formatting, soft-float).
// The objects are kept in the build cache under keys of the compiler identity, the part's name and
// text: a new process (memory cleared) links them from the cache without assembling them again.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryCache, prepareLink, type CompileOptions, type LinkPlan } from '../../compiler';
import { link, linkOptions, linkSources } from '../../compiler/link';
import { clearLibraryObjects, objectKey } from '../../compiler/link-objects';
import { memoryHost } from '../../language';
import { assemble } from '../../xtensa/asm';
import { writeElf } from '../../xtensa/elf/writer';
import { kernelDefines } from '../../session';
import { sharedFrontend } from '../language/grammar';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');
const PRINTF_PROGRAM = `#include <stdio.h>
int main() { double x = 1.5; printf("%f %d %s\\n", x * 3, 42, "q7"); return 0; }
`;
const PLAIN_PROGRAM = 'int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\nint main() { return fib(10) == 55 ? 0 : 1; }\n';

async function plan(file: string, text: string, o: CompileOptions): Promise<LinkPlan> {
  const p = prepareLink(await sharedFrontend(), file, memoryHost({ [file]: text }), o);
  if ('diagnostics' in p) throw new Error(`${file}: ${JSON.stringify(p.diagnostics)}`);
  return p;
}

function textLink(p: LinkPlan) {
  const r = assemble(linkSources(p.units, p.mode, p.printf).map((u) => ({ name: u.name, text: u.text })), linkOptions(p.mode, p.kernels.length));
  return { elf: writeElf(r.image), listing: r.listing };
}

describe('compiler: the shared parts linked as relocatable objects', function () {
  this.timeout(600_000);
  // objects another test file linked are still in this process's memory: start every case without them
  beforeEach(() => clearLibraryObjects());
  afterEach(() => clearLibraryObjects());

  const cases: [string, string, CompileOptions][] = [];
  for (const f of fs.readdirSync(EXAMPLES).filter((x) => x.endsWith('.cpp')).sort()) {
    for (const optimize of [0, 1] as const) cases.push([`/examples/${f}`, fs.readFileSync(path.join(EXAMPLES, f), 'utf8'), { optimize, defines: kernelDefines({}) }]);
  }
  cases.push(['/p/printf.cpp', PRINTF_PROGRAM, {}], ['/p/fib.cpp', PLAIN_PROGRAM, { optimize: 1 }]);

  for (const [file, text, o] of cases) {
    it(`${path.basename(file)} -O${o.optimize ?? 0}: the same ELF bytes and listing as from the parts' text, from memory and from the build cache`, async () => {
      const p = await plan(file, text, o);
      const want = textLink(p);
      const store = memoryCache();
      const fresh = link(p.units, p.mode, p.kernels.length, p.printf, store);
      assert.deepStrictEqual({ elf: writeElf(fresh.image), listing: fresh.listing }, want, 'objects made now link differently');
      const shared = linkSources(p.units, p.mode, p.printf).filter((u) => u.library);
      assert.equal(shared.length, 5, 'the ROM parts, the window vectors, the heap file and the runtime are the shared parts');
      for (const u of shared) assert.ok(store.entries.has(objectKey(u)), `${u.name} was not kept in the build cache`);
      clearLibraryObjects();
      const before = store.hits;
      const cached = link(p.units, p.mode, p.kernels.length, p.printf, store);
      assert.equal(store.hits - before, shared.length, 'the objects were not read from the build cache');
      assert.deepStrictEqual({ elf: writeElf(cached.image), listing: cached.listing }, want, 'objects read from the build cache link differently');
    });
  }

  it('keys an object by its text: another runtime selection is another entry', async () => {
    const a = await plan('/p/printf.cpp', PRINTF_PROGRAM, {});
    const b = await plan('/p/fib.cpp', PLAIN_PROGRAM, {});
    const rt = (p: LinkPlan) => p.units.find((u) => u.library)!;
    assert.notEqual(rt(a).text, rt(b).text);
    assert.notEqual(objectKey(rt(a)), objectKey(rt(b)));
    assert.notEqual(objectKey(rt(a)), objectKey({ ...rt(a), name: 'other.s' }));
  });
});
