// The runtime library is linked selectively: a program gets the library functions it reaches (from
// its calls, literal pools and data words), not the whole library.

import { strict as assert } from 'node:assert';
import { referencedSymbols } from '../../compiler/runtime/library';
import { compileSource, runImage } from './harness';

const symbolsOf = (r: Awaited<ReturnType<typeof compileSource>>) => new Set(r.image!.symbols.map((s) => s.name));

describe('compiler runtime linking', function () {
  this.timeout(60_000);

  it('finds the symbols assembly refers to', () => {
    const text = '\t.literal .L1, foo + 4\n\tcall8\tbar\n\t.4byte\tbaz\n\tcall8\t__q7_divdf3\n\tj\t.Lx\n';
    assert.deepEqual([...referencedSymbols(text)].sort(), ['__q7_divdf3', 'bar', 'baz', 'foo']);
  });

  it('links soft-float only into programs that use doubles', async () => {
    const ints = await compileSource('#include <stdio.h>\nint main() { printf("%d\\n", 3 * 4); return 0; }\n');
    const doubles = await compileSource('#include <stdio.h>\nint main(int, char**) { volatile double x = 3; printf("%f\\n", x / 7); return 0; }\n'.replace('int main(int, char**)', 'int main()'));
    const a = symbolsOf(ints);
    const b = symbolsOf(doubles);
    assert.ok(a.has('__q7_vprintf') && a.has('memcpy') === false, 'printf core, no memcpy');
    assert.ok(!a.has('__q7_divdf3') && !a.has('__q7_adddf3'), 'no soft-float in an int program');
    assert.ok(b.has('__q7_divdf3'), 'soft-float divide in a double program');
    assert.equal(runImage(ints).stdout, '12\n');
    assert.equal(runImage(doubles).stdout, '0.428571\n');
  });
});
