// The guest files of target/q7 (guest/: ROM assembly, runtime C++, SDK headers) as the build embeds
// them: the embedded map is the folder's current content (so out/ and the bundles are not stale),
// the SDK headers resolve under their include paths, and objdump -S finds the embedded sources.

import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GUEST_FILES } from '../../target/q7/guest-files.generated';
import { guestFile, guestSourceName, guestSourceText } from '../../target/q7/guest';
import { WINDOW_VECTORS_NAME, WINDOW_VECTORS_SOURCE } from '../../target/q7/window-vectors';
import { sdkHost, SDK_INCLUDE_DIR } from '../../language/sdk';

const GUEST = resolve(__dirname, '../../../target/q7/guest');

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((f) => {
    const rel = prefix ? `${prefix}/${f}` : f;
    return statSync(join(dir, f)).isDirectory() ? walk(join(dir, f), rel) : f === 'README.md' ? [] : [rel];
  });
}

describe('target/q7 guest files', () => {
  it('the embedded map holds exactly the files of target/q7/guest/, with their current text', () => {
    const onDisk = walk(GUEST).sort();
    assert.deepEqual(Object.keys(GUEST_FILES).sort(), onDisk, 'the embedded file list is stale: run npm run build');
    for (const rel of onDisk) assert.equal(GUEST_FILES[rel], readFileSync(join(GUEST, rel), 'utf8'), `${rel} changed since the build: run npm run build`);
  });

  it('holds the ROM, the runtime library and the SDK headers', () => {
    const paths = Object.keys(GUEST_FILES);
    assert.ok(paths.includes('rom/window-vectors.S'));
    assert.ok(paths.includes('sdk/include/torch/torch.h'));
    assert.ok(paths.filter((p) => p.startsWith('sdk/include/')).length >= 30, `${paths.length} files`);
    assert.match(WINDOW_VECTORS_SOURCE, /_WindowOverflow4:/);
    assert.equal(WINDOW_VECTORS_NAME, 'target/q7/guest/rom/window-vectors.S');
  });

  it('serves the SDK headers under their include paths, and nothing else', () => {
    assert.match(sdkHost.readFile(`${SDK_INCLUDE_DIR}/torch/torch.h`) ?? '', /#pragma once/);
    assert.match(sdkHost.readFile(`${SDK_INCLUDE_DIR}/cstdint`) ?? '', /#include <stdint\.h>/);
    assert.equal(sdkHost.readFile(`${SDK_INCLUDE_DIR}/toString`), undefined);
    assert.equal(sdkHost.readFile(`${SDK_INCLUDE_DIR}/no/such.h`), undefined);
  });

  it('names a missing guest file, and finds sources by their compiled names', () => {
    assert.throws(() => guestFile('rom/nope.S'), /no guest file 'rom\/nope\.S'/);
    assert.equal(guestSourceText(guestSourceName('rom/window-vectors.S')), WINDOW_VECTORS_SOURCE);
    assert.equal(guestSourceText(`/somewhere/${guestSourceName('rom/window-vectors.S')}`), WINDOW_VECTORS_SOURCE);
    assert.equal(guestSourceText('rom/window-vectors.S'), undefined);
    assert.equal(guestSourceText(guestSourceName('rom/nope.S')), undefined);
  });
});
