// The ABI's numbers as the guest sources see them: <q7/abi.h> for the runtime's C++, Q7_* names
// expanded in the ROM's assembly, and the ROM's files joined with line markers so that an assembler
// error names the guest file and its line.

import { strict as assert } from 'node:assert';
import { ABI_HEADER_PATH, AbiMacroError, abiHeader, abiMacros, expandAbiMacros } from '../../target/q7/abi-macros';
import { CSR_BASE, DEVICE_CALL, LAUNCH, LAUNCH_BASE, NEURON_TRANSLATE_SYMBOL, TENSOR_HANDLE } from '../../target/q7/abi';
import { Q7_DRAM_END } from '../../target/q7/memory-map';
import { romEndSource, romStartupName, romStartupSource } from '../../compiler/runtime/rom';
import { assemble, AsmError } from '../../xtensa/asm';

describe('target/q7 ABI macros', () => {
  it('names every number of abi.ts and memory-map.ts after its export and key', () => {
    const m = abiMacros();
    assert.equal(m.get('Q7_CSR_BASE'), CSR_BASE);
    assert.equal(m.get('Q7_LAUNCH_BASE'), LAUNCH_BASE);
    assert.equal(m.get('Q7_LAUNCH_STACK_TOP'), LAUNCH.stackTop);
    assert.equal(m.get('Q7_DEVICE_CALL_MAP_WINDOW'), DEVICE_CALL.mapWindow);
    assert.equal(m.get('Q7_TENSOR_HANDLE_ENFORCER'), TENSOR_HANDLE.enforcer);
    assert.equal(m.get('Q7_NEURON_TRANSLATE_SYMBOL'), NEURON_TRANSLATE_SYMBOL);
    assert.equal(m.get('Q7_DRAM_END'), Q7_DRAM_END);
    assert.ok(m.size > 80, `${m.size} macros`);
  });

  it(`<${ABI_HEADER_PATH}> defines each macro with its value`, () => {
    const defs = new Map([...abiHeader().matchAll(/^#define (\w+) (.+)$/gm)].map((d) => [d[1], d[2]]));
    assert.equal(defs.size, abiMacros().size);
    for (const [name, value] of abiMacros()) {
      const text = defs.get(name)!;
      if (typeof value === 'string') assert.equal(JSON.parse(text), value, name);
      else assert.equal(Number(text.replace(/u$/, '')), value, name);
    }
  });

  it('expands the names in assembly and names the file and line of an unknown one', () => {
    assert.equal(expandAbiMacros('  l32i a1, a1, Q7_LAUNCH_STACK_TOP /* __Q7_X stays */', 'x.S'), `  l32i a1, a1, ${LAUNCH.stackTop} /* __Q7_X stays */`);
    assert.throws(() => expandAbiMacros('nop\n  movi a2, Q7_NO_SUCH_THING', 'rom/x.S'), (e: unknown) => e instanceof AbiMacroError && /^rom\/x\.S:2: unknown ABI name 'Q7_NO_SUCH_THING'/.test(e.message));
  });

  it("the ROM's parts name their guest files in line markers and keep no Q7_ name", () => {
    for (const text of [romStartupSource('kernel'), romStartupSource('kernel', false), romStartupSource('program'), romEndSource('kernel')]) {
      assert.doesNotMatch(text, /\bQ7_[A-Z]/);
      assert.match(text, /^# 1 "target\/q7\/guest\/rom\/[a-z-]+\.S"$/m);
    }
    assert.match(romStartupSource('kernel'), /# 1 "target\/q7\/guest\/rom\/device-calls\.S"/);
    assert.doesNotMatch(romStartupSource('kernel', false), /# 1 "[^"]*printf\.S"/);
    assert.doesNotMatch(romStartupSource('program'), /# 1 "[^"]*device-calls\.S"/);
    assert.equal(romStartupName('kernel'), 'target/q7/guest/rom/startup-kernel.S');
  });

  it('an assembler error in the ROM names the guest file and its line', () => {
    const text = `${romStartupSource('kernel')}        bogus   a1\n`;
    const lastPieceLines = text.slice(text.lastIndexOf('# 1 "')).split('\n').length - 2;
    try {
      assemble([{ name: romStartupName('kernel'), text }], { base: 0x40000400 });
      assert.fail('assembled');
    } catch (e) {
      assert.ok(e instanceof AsmError, String(e));
      assert.match(e.message, new RegExp(`target/q7/guest/rom/device-calls\\.S:${lastPieceLines}:\\d+: .*bogus`));
    }
  });
});
