// The README's pictures: runs the two VS Code end-to-end tests (test/e2e/, CI=true so that missing
// tools fail instead of skipping), which save tour-*.png in test-artifacts/e2e/ (Q7_E2E_ARTIFACTS), then
// copies the chosen ones to docs/images/ and checks that together they stay under 1.5 MB.
// `npm run screenshots` (after the build); `--copy-only` copies the pictures of the last run.
/* global process, console */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ARTIFACTS = process.env.Q7_E2E_ARTIFACTS ?? join('test-artifacts', 'e2e');
const IMAGES = join('docs', 'images');
const BUDGET = 1.5 * 1024 * 1024;
/** The pictures of the README's tour, in its order. */
export const TOUR = ['tour-quick-fix.png', 'tour-hover.png', 'tour-debug.png', 'tour-fault.png', 'tour-tensor.png'];

if (!process.argv.includes('--copy-only')) {
  for (const f of TOUR) rmSync(join(ARTIFACTS, f), { force: true });
  const mocha = spawnSync(process.execPath, ['node_modules/mocha/bin/mocha.js', 'out/test/e2e/vscode.test.js', 'out/test/e2e/debugger.test.js'], {
    stdio: 'inherit', env: { ...process.env, CI: 'true' },
  });
  if (mocha.status !== 0) {
    console.error(`readme-screenshots: the end-to-end tests failed (status ${mocha.status}); docs/images/ left as it was`);
    process.exit(1);
  }
}
const missing = TOUR.filter((f) => !existsSync(join(ARTIFACTS, f)));
if (missing.length) {
  console.error(`readme-screenshots: ${missing.join(', ')} not in ${ARTIFACTS} (run the end-to-end tests first)`);
  process.exit(1);
}
mkdirSync(IMAGES, { recursive: true });
let total = 0;
for (const f of TOUR) {
  copyFileSync(join(ARTIFACTS, f), join(IMAGES, f));
  const size = statSync(join(IMAGES, f)).size;
  total += size;
  console.log(`${join(IMAGES, f)}  ${(size / 1024).toFixed(0)} KiB`);
}
console.log(`total ${(total / 1024).toFixed(0)} KiB`);
if (total > BUDGET) {
  console.error(`readme-screenshots: the pictures take ${(total / 1024).toFixed(0)} KiB, over the ${BUDGET / 1024} KiB budget`);
  process.exit(1);
}
