// The windowed-ABI argument layout and -O0 frame layout of the back end.

import { strict as assert } from 'node:assert';
import { FunctionBuilder, slotAddr } from '../../compiler/ir/builder';
import { argumentWords, layoutFrame, MAX_FRAME, FrameTooLarge } from '../../compiler/xtensa/frame';

const POS = { file: 'f.cpp', line: 1, column: 1 };

describe('compiler frame layout', () => {
  it('places arguments in words, 64-bit values at even words, never straddling registers and stack', () => {
    assert.deepEqual(argumentWords(['i32', 'i32', 'i32']), { start: [0, 1, 2], total: 3 });
    assert.deepEqual(argumentWords(['i32', 'i64', 'i32']), { start: [0, 2, 4], total: 5 });
    assert.deepEqual(argumentWords(['i32', 'i32', 'i32', 'i32', 'i32', 'f64']), { start: [0, 1, 2, 3, 4, 6], total: 8 });
    assert.deepEqual(argumentWords(['f32', 'f64', 'i64', 'i32']), { start: [0, 2, 4, 6], total: 7 });
  });

  it('keeps the top 32 bytes for the save areas, aligns to 16, homes values above the outgoing area', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    const local = b.slot(12, 4, 'x');
    const v = b.bin('add', p, b.const('i32', 1));
    b.store('i32', v, slotAddr(local));
    b.call('g', [p, p, p, p, p, p, p, p]);
    b.terminate({ op: 'ret' });
    const f = layoutFrame(b.func);
    assert.equal(f.outgoing, 8, 'two stack words for the seventh and eighth argument');
    assert.equal(local.offset, 8);
    assert.equal(f.size % 16, 0);
    for (const home of f.homes.values()) assert.ok(home >= 20 && home + 4 <= f.size - 32, `home ${home} inside the frame body`);
  });

  it('reads stack-passed parameters where the caller stored them', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const params = [0, 1, 2, 3, 4, 5, 6].map(() => b.addParam('i32'));
    b.terminate({ op: 'ret', value: params[6] });
    const f = layoutFrame(b.func);
    assert.equal(f.homes.get(params[6].id), f.size);
  });

  it('refuses frames beyond what ENTRY can allocate', () => {
    const b = new FunctionBuilder('big', 'big', POS, true);
    b.slot(MAX_FRAME, 4, 'huge');
    b.terminate({ op: 'ret' });
    assert.throws(() => layoutFrame(b.func), FrameTooLarge);
  });
});
