// The preprocessor: includes, #pragma once, macros, conditionals, -D, and the source map back to users' files.

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language/host';
import { IncludeCache } from '../../language/pre/include-cache';
import { preprocess } from '../../language/pre/preprocessor';

function offsetOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `'${needle}' not in output:\n${text}`);
  return i;
}

describe('language/pre', () => {
  it('expands object- and function-like macros, # and ##', () => {
    const src = '#define N 4\n#define SQ(x) ((x)*(x))\n#define CAT(a,b) a##b\n#define STR(s) #s\nint CAT(v,1) = SQ(N + 1); const char* s = STR(a  +  b);\n';
    const r = preprocess('/k.cpp', memoryHost({ '/k.cpp': src }));
    assert.deepEqual(r.diagnostics, []);
    const text = r.chunks.map((c) => c.text).join('');
    assert.match(text, /int v1 = \(\(4 \+ 1\)\*\(4 \+ 1\)\); const char\* s = "a \+ b";/);
  });

  it('takes the right #if/#elif/#else branches, with defined() and -D', () => {
    const src = [
      '#if defined(STACK_SIZE) && STACK_SIZE > 8192',
      'int big;',
      '#elif defined STACK_SIZE',
      'int small;',
      '#else',
      'int none;',
      '#endif',
      '#ifndef FOO',
      'int nofoo;',
      '#endif',
    ].join('\n');
    const run = (defines: Record<string, string>) =>
      preprocess('/k.cpp', memoryHost({ '/k.cpp': src }), { defines }).chunks.map((c) => c.text).join('').replace(/\s+/g, ' ').trim();
    assert.equal(run({ STACK_SIZE: '65536' }), 'int big; int nofoo;');
    assert.equal(run({ STACK_SIZE: '4096' }), 'int small; int nofoo;');
    assert.equal(run({ FOO: '' }), 'int none;');
    const r = preprocess('/k.cpp', memoryHost({ '/k.cpp': src }), {});
    assert.deepEqual(r.inactiveRanges.map((x) => [x.start.line, x.end.line]), [[1, 2], [3, 4]]);
  });

  it('resolves includes through the include paths, honours #pragma once, and splits chunks per top-level include', () => {
    const files = {
      '/src/k.cpp': '#include "util.h"\n#include <lib/a.h>\n#include <lib/a.h>\nint main_var = A_VALUE;\n',
      '/src/util.h': 'int util;\n',
      '/inc/lib/a.h': '#pragma once\n#define A_VALUE 7\nint a_decl;\n',
    };
    const r = preprocess('/src/k.cpp', memoryHost(files), { includePaths: ['/inc'], isSystemFile: (p) => p.startsWith('/inc/') });
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.chunks.map((c) => [c.file, c.system, c.text.trim()]), [
      ['/src/util.h', false, 'int util;'],
      ['/inc/lib/a.h', true, 'int a_decl;'],
      ['/src/k.cpp', false, 'int main_var = 7;'],
    ]);
    assert.deepEqual(r.includes.map((i) => i.resolved), ['/src/util.h', '/inc/lib/a.h', '/inc/lib/a.h']);
  });

  it('reports a missing include at the directive, and #error', () => {
    const r = preprocess('/k.cpp', memoryHost({ '/k.cpp': 'int x;\n#include "nope.h"\n#error stop here\n' }));
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column, d.message]),
      [
        ['include-not-found', 1, 0, "'nope.h' file not found"],
        ['pp-error', 2, 1, '#error stop here'],
      ],
    );
  });

  it('maps output offsets back to file/line/column, across includes and macro expansions', () => {
    const files = {
      '/k.cpp': '#include "h.h"\n#define TWICE(x) (2*(x))\nint f(int q) {\n    return TWICE(q) + zz;\n}\n',
      '/h.h': '\n\n   int from_header;\n',
    };
    const r = preprocess('/k.cpp', memoryHost(files));
    const [h, k] = r.chunks;
    const hp = h.map.position(offsetOf(h.text, 'from_header'));
    assert.deepEqual([hp.file, hp.pos], ['/h.h', { line: 2, column: 7 }]);
    const zz = k.map.position(offsetOf(k.text, 'zz'));
    assert.deepEqual([zz.file, zz.pos], ['/k.cpp', { line: 3, column: 22 }]);
    // a token of the macro body is charged to the whole invocation
    const two = offsetOf(k.text, '2*');
    const range = k.map.range(two, two + 1);
    assert.deepEqual([range.start, range.end], [{ line: 3, column: 11 }, { line: 3, column: 19 }]);
    // the macro argument keeps its own spelling location
    const q = k.map.position(offsetOf(k.text, '(q)') + 1);
    assert.deepEqual(q.pos, { line: 3, column: 17 });
  });

  it('survives unterminated conditionals, bad directives and runaway macros', () => {
    const src = '#if 1\n#define A A B\n#define B A\nint x = A;\n#foo\n#if (\n';
    const r = preprocess('/k.cpp', memoryHost({ '/k.cpp': src }));
    const codes = r.diagnostics.map((d) => d.code).sort();
    assert.deepEqual(codes, ['bad-directive', 'bad-if-expression', 'unterminated-conditional', 'unterminated-conditional']);
    assert.match(r.chunks[0].text, /int x = A A;/);
  });
});

describe('language/pre: chunks as written, and the include cache', () => {
  it('copies lines without macros as written (comments blanked), so columns map one to one', () => {
    const src = 'int a = 1; /* note */ int b = A_MACRO;\n  float   c /* x */ = 2.0f;  // tail\n#define A_MACRO (1 + 2)\nint d = A_MACRO * 2;\n';
    const r = preprocess('/k.cpp', memoryHost({ '/k.cpp': src }));
    const text = r.chunks[0].text;
    assert.match(text, /^int a = 1; {12}int b = A_MACRO;\n {2}float {3}c {9}= 2\.0f;\nint d = \(1 \+ 2\) \* 2;\n$/);
    const map = r.chunks[0].map;
    const c = map.position(text.indexOf('c '));
    assert.deepEqual(c.pos, { line: 1, column: 10 });
    const two = map.position(text.indexOf('2.0f'));
    assert.deepEqual(two.pos, { line: 1, column: 22 });
    const paren = map.range(text.indexOf('(1'), text.indexOf('(1') + 1);
    assert.deepEqual([paren.start, paren.end], [{ line: 3, column: 8 }, { line: 3, column: 15 }]);
    assert.equal(map.offsetOf('/k.cpp', 1, 22), text.indexOf('2.0f'));
    assert.equal(map.offsetOf('/k.cpp', 3, 10), text.indexOf('(1'));
  });

  it('reuses a preprocessed system header while the macro state and the files read are the same', () => {
    const cache = new IncludeCache();
    const files: Record<string, string> = { '/k.cpp': '#include <lib.h>\nint k = LIB;\n', '/sys/lib.h': '#pragma once\n#define LIB 3\nint lib_decl;\n' };
    const host = memoryHost(files);
    const run = (defines: Record<string, string> = {}) => preprocess('/k.cpp', host, { systemIncludePaths: ['/sys'], isSystemFile: (p) => p.startsWith('/sys/'), includeCache: cache, defines });
    const first = run();
    const second = run();
    assert.equal(second.chunks[0], first.chunks[0], 'the cached chunk itself');
    assert.equal(second.chunks[1].text, first.chunks[1].text);
    assert.match(second.chunks[1].text, /int k = 3;/);
    assert.notEqual(run({ OTHER: '1' }).chunks[0], first.chunks[0], 'another macro state');
    files['/sys/lib.h'] = '#pragma once\n#define LIB 4\nint lib_decl;\n';
    const changed = preprocess('/k.cpp', memoryHost(files), { systemIncludePaths: ['/sys'], isSystemFile: (p) => p.startsWith('/sys/'), includeCache: cache });
    assert.match(changed.chunks[1].text, /int k = 4;/, 'a changed header is read again');
  });
});
