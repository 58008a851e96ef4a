// A fingerprint of a preprocessor's macro table, kept up to date as macros are defined and undefined:
// the include cache's key for "the same macro state".

import type { Macro } from './macros';
import type { Token } from './tokens';

/** A running hash of the #define/#undef operations applied: equal macro histories, equal values. */
export class MacroFingerprint {
  private h1 = 0x811c9dc5;
  private h2 = 0x01000193;
  private n = 0;

  add(name: string, m: Macro | undefined): void {
    const text = m ? `${name}${m.params ? `(${m.params.join(',')}${m.variadic ? '...' : ''})` : ''} ${joinTokens(m.body)}` : `-${name}`;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      this.h1 = Math.imul(this.h1 ^ c, 0x01000193) >>> 0;
      this.h2 = Math.imul(this.h2 + c, 0x5bd1e995) >>> 0;
    }
    this.h1 = Math.imul(this.h1 ^ 0xff, 0x01000193) >>> 0;
    this.n++;
  }

  get value(): string {
    return `${this.n}:${this.h1.toString(36)}:${this.h2.toString(36)}`;
  }
}

function joinTokens(ts: Token[]): string {
  return ts.map((t, i) => (i > 0 && t.space ? ' ' : '') + t.text).join('');
}
