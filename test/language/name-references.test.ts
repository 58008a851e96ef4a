// Find references in the model (SemanticModel.references, language/sema/name-references.ts), on an
// annotated fixture: each `//   ^^^ ref: NAME` line marks a place of the code line above it that names
// the declaration called NAME in the fixture (one NAME per declaration: overloads and shadowed names
// get their own; a trailing `*` marks a qualifier, not queried). From every other marked place that
// spells the name, the model must find exactly the places marked with its NAME, as the ranges of the names alone — a macro argument used twice in its
// expansion once, a name inside a macro's own text at the macro's name where it is used.

import * as assert from 'node:assert/strict';
import { memoryHost, type Analysis, type SourceRange } from '../../language';
import { sharedFrontend } from './grammar';

const FILE = '/refs/k.cpp';
const FIXTURE = String.raw`#include <torch/torch.h>
struct Pair { int64_t a; float b; int sum() const; };
//     ^^^^ ref: Pair
//                    ^ ref: a
//                             ^ ref: b
//                                    ^^^ ref: sum
int Pair::sum() const { return (int)a + (int)b; }
//  ^^^^ ref: Pair *
//        ^^^ ref: sum
//                                  ^ ref: a
//                                           ^ ref: b
enum class Mode { Fast, Slow };
//         ^^^^ ref: Mode
//                ^^^^ ref: Fast
static int twice(int x) { return x * 2; }
//         ^^^^^ ref: twice-int
//                   ^ ref: x
//                               ^ ref: x
static float twice(float x) { return x * 2; }
//           ^^^^^ ref: twice-float
//                       ^ ref: x-float
//                                   ^ ref: x-float
namespace ns { int helper(int v) { return v + 1; } }
//                 ^^^^^^ ref: helper
//                            ^ ref: v
//                                        ^ ref: v
template <typename T> T id(T t) { return t; }
//                      ^^ ref: id
//                           ^ ref: t
//                                       ^ ref: t
int total = 3;
//  ^^^^^ ref: total
#define SQ(x) ((x) * (x))
#define PLUS_TOTAL (total + 1)
torch::Tensor k(const torch::Tensor& t_in, Mode mode) {
//                                   ^^^^ ref: t_in
//                                         ^^^^ ref: Mode
//                                              ^^^^ ref: mode
  auto in = t_in.accessor<float, 2>();
//     ^^ ref: in
//          ^^^^ ref: t_in
//               ^^^^^^^^ ref: accessor
  Pair p{1, 2.0f};
//^^^^ ref: Pair
//     ^ ref: p
  int n = twice(p.sum()) + ns::helper(total) + id(total);
//    ^ ref: n
//        ^^^^^ ref: twice-int
//              ^ ref: p
//                ^^^ ref: sum
//                             ^^^^^^ ref: helper
//                                    ^^^^^ ref: total
//                                             ^^ ref: id
//                                                ^^^^^ ref: total
  int sq = SQ(n) + PLUS_TOTAL;
//            ^ ref: n
//                 ^^^^^^^^^^ ref: total
  if (mode == Mode::Fast) {
//    ^^^^ ref: mode
//            ^^^^ ref: Mode *
//                  ^^^^ ref: Fast
    float n = twice(1.0f) + in[0][1] + (float)p.b;
//        ^ ref: n-inner
//            ^^^^^ ref: twice-float
//                          ^^ ref: in
//                                            ^ ref: p
//                                              ^ ref: b
    p.a = (int64_t)n + id(p.a);
//  ^ ref: p
//    ^ ref: a
//                 ^ ref: n-inner
//                     ^^ ref: id
//                        ^ ref: p
//                          ^ ref: a
  }
  total += n + sq + (int)t_in.accessor<float, 2>()[0][0];
//^^^^^ ref: total
//         ^ ref: n
//                       ^^^^ ref: t_in
//                            ^^^^^^^^ ref: accessor
  return t_in;
//       ^^^^ ref: t_in
}
`;

interface Mark {
  readonly name: string;
  readonly line: number;
  readonly start: number;
  readonly end: number;
  /** The code spells the name there (not a macro's name whose expansion names it). */
  readonly spelled: boolean;
  /** A query from here finds the declaration (not a qualifier, `Pair::`, marked `*`: the position
   *  query answers the qualified name there). */
  readonly origin: boolean;
}

/** The `ref:` annotations of the fixture, as 0-based places of the code lines above them. */
function marks(text: string): Mark[] {
  const out: Mark[] = [];
  let code = -1;
  text.split('\n').forEach((l, i) => {
    const m = /^\/\/(\s*)(\^+)\s+ref:\s*(\S+)(\s+\*)?$/.exec(l);
    if (!m) {
      code = i;
      return;
    }
    const start = 2 + m[1].length;
    const written = text.split('\n')[code].slice(start, start + m[2].length);
    out.push({ name: m[3], line: code, start, end: start + m[2].length, spelled: written === m[3].split('-')[0], origin: !m[4] });
  });
  return out;
}

const place = (r: SourceRange | Mark) => ('file' in r ? `${r.start.line + 1}:${r.start.column + 1}-${r.end.column + 1}` : `${r.line + 1}:${r.start + 1}-${r.end + 1}`);

describe('language: find references (SemanticModel.references)', function () {
  this.timeout(60000);
  let a: Analysis;
  const all = marks(FIXTURE);
  before(async () => {
    const fe = await sharedFrontend();
    a = fe.analyze(FILE, memoryHost({ [FILE]: FIXTURE }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
  });

  const names = [...new Set(all.map((m) => m.name))];
  for (const name of names) {
    it(`finds every place of '${name}' from each of them`, () => {
      const expected = all.filter((m) => m.name === name).map(place).sort();
      for (const m of all.filter((x) => x.name === name && x.spelled && x.origin)) {
        const info = a.model.nodeAt(FILE, m.line, m.start);
        const decl = info?.expr?.callee ?? info?.decl ?? info?.expr?.decl;
        assert.ok(decl, `nothing at ${place(m)}`);
        const refs = a.model.references(decl);
        assert.ok(refs, `no references of ${decl.kind} at ${place(m)}`);
        assert.ok(refs.every((r) => r.file === FILE));
        assert.deepEqual(refs.map(place).sort(), expected, `from ${place(m)}`);
      }
    });
  }

  it('finds none for a type whose name something else has, for a namespace, and through a typedef', async () => {
    const text = ['#include <torch/torch.h>', 'struct Tile { int n; };', 'namespace geo { struct Tile { float x; }; }', 'typedef Tile T1;', 'int use(Tile t, geo::Tile g, T1 o) { return t.n + (int)g.x + o.n; }', ''].join('\n');
    const b = (await sharedFrontend()).analyze('/refs/other.cpp', memoryHost({ '/refs/other.cpp': text }));
    assert.deepEqual(b.diagnostics.map((d) => d.message), []);
    const tile = b.model.nodeAt('/refs/other.cpp', 1, 8)?.decl;
    assert.equal(tile?.kind, 'class');
    assert.equal(b.model.references(tile!), undefined, 'two classes are named Tile');
    const geo = b.model.nodeAt('/refs/other.cpp', 2, 11)?.decl;
    assert.equal(geo?.kind, 'namespace');
    assert.equal(b.model.references(geo!), undefined);
    // the specifier `T1` names the class through the typedef: not the class's place, and no declaration
    const alias = b.model.nodeAt('/refs/other.cpp', 4, 29);
    assert.equal(alias?.kind, 'type');
    assert.equal(alias?.decl, undefined);
  });
});
