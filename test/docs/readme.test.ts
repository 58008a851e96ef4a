// The README is the newcomer's page: short, its two commands are the package's, every relative link
// and picture it shows exists (the pictures are the ones scripts/readme-screenshots.mjs copies from the
// end-to-end run, together under 1.5 MB), and the same holds for the docs/ pages it sends readers to.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** Files the README links to that another part of the build generates and that have not landed yet. */
const PENDING: string[] = [];

/** The relative targets of a Markdown page's links and images, resolved from the page's folder. */
export function relativeLinks(page: string, text: string): { target: string; image: boolean }[] {
  const out: { target: string; image: boolean }[] = [];
  for (const m of text.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const url = m[2];
    if (/^[a-z]+:/i.test(url) || url.startsWith('#')) continue;
    out.push({ target: path.posix.normalize(path.posix.join(path.posix.dirname(page), url.split('#')[0])), image: m[1] === '!' });
  }
  return out;
}

describe('README: the newcomer\'s page', () => {
  const readme = read('README.md');

  it('is short and gives the two commands, which are the package\'s scripts', () => {
    const lines = readme.split('\n').length;
    assert.ok(lines <= 120, `${lines} lines`);
    assert.match(readme, /^npm ci && npm start /m);
    assert.match(readme, /^npm ci && npm test /m);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    assert.ok(scripts.start.includes('examples/kernels/relu.cpp --fn relu_forward --arg shape=4x8,init=randn,seed=1'));
    assert.ok(readme.includes('examples/kernels/relu.cpp --fn relu_forward --arg shape=4x8,init=randn,seed=1'), 'the README says what npm start runs');
    assert.ok(scripts.screenshots.includes('scripts/readme-screenshots.mjs'));
  });

  for (const page of ['README.md', 'docs/testing.md', 'docs/debugging.md']) {
    it(`${page}: every relative link and picture exists`, () => {
      const links = relativeLinks(page, read(page));
      assert.ok(links.length > 0);
      const missing = links.filter((l) => !fs.existsSync(path.join(ROOT, l.target)) && !PENDING.includes(l.target));
      assert.deepEqual(missing, []);
    });
  }

  it('the pending generated pages are still pending (once they land, this list must shrink)', () => {
    for (const f of PENDING) assert.ok(!fs.existsSync(path.join(ROOT, f)), `${f} exists now: remove it from PENDING`);
  });

  it('shows the tour\'s pictures, in the script\'s order, as PNGs under 1.5 MB together', () => {
    const tour = /export const TOUR = \[([^\]]*)\]/.exec(read('scripts/readme-screenshots.mjs'))![1].match(/'[^']+'/g)!.map((s) => `docs/images/${s.slice(1, -1)}`);
    const images = relativeLinks('README.md', readme).filter((l) => l.image).map((l) => l.target);
    assert.deepEqual(images, tour);
    let total = 0;
    for (const f of images) {
      const png = fs.readFileSync(path.join(ROOT, f));
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], `${f} is a PNG`);
      total += png.length;
    }
    assert.ok(total < 1.5 * 1024 * 1024, `${total} bytes`);
  });

  it('the link reader finds links and pictures and leaves URLs and anchors alone', () => {
    const links = relativeLinks('docs/a.md', '[x](b.md#y) ![p](../images/p.png) [u](https://e.org/z) [h](#top)');
    assert.deepEqual(links, [{ target: 'docs/b.md', image: false }, { target: 'images/p.png', image: true }]);
  });
});
