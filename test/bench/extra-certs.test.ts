// bench/extra-certs.ts: the environment the side-by-side figures run in drops exactly
// NODE_EXTRA_CA_CERTS and keeps every other variable.

import { strict as assert } from 'node:assert';
import { extraCertsSet, withoutExtraCerts } from '../../bench/extra-certs';

describe('bench: runs without NODE_EXTRA_CA_CERTS', () => {
  it('removes only that variable, and says whether it was set', () => {
    const env = { PATH: '/bin', NODE_EXTRA_CA_CERTS: '/certs.pem', Q7_CACHE_DIR: '/c' };
    assert.deepEqual(withoutExtraCerts(env), { PATH: '/bin', Q7_CACHE_DIR: '/c' });
    assert.equal(env.NODE_EXTRA_CA_CERTS, '/certs.pem', 'the given environment is not changed');
    assert.deepEqual([extraCertsSet(env), extraCertsSet(withoutExtraCerts(env)), extraCertsSet({ NODE_EXTRA_CA_CERTS: '' })], [true, false, false]);
  });
});
