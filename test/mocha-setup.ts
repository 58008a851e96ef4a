// Loaded by mocha before every test file (.mocharc.json `require`): the build cache of every q7 and
// adapter process the tests start, and of the CLI commands run in-process, is a temporary directory,
// never the user's ~/.cache. Removed when the run ends.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-test-cache-'));
process.env.Q7_CACHE_DIR = dir;
delete process.env.Q7_CACHE_LOG;

export const mochaHooks = {
  afterAll(): void {
    fs.rmSync(dir, { recursive: true, force: true });
  },
};
