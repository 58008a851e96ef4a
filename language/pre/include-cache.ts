// Remembers what preprocessing a system header at the top level of a file produced, so the next file
// that includes it in the same macro state gets the same chunk without lexing it again. An entry is
// used only if every file read while producing it (and every include path probed) reads the same now.
// A backing store (the SDK snapshot) may answer what the cache does not hold; entries made here are
// handed to it (takeNew) once the front-end has read their chunks.

import type { Diagnostic, SourceRange } from '../diagnostics';
import type { FileHost } from '../host';
import type { Macro } from './macros';
import type { Chunk, IncludeRecord, MacroDefinitionRecord } from './records';

/** Everything processing one top-level system #include added to the preprocessor's state. */
export interface IncludeEffects {
  /** Every host read made (path → text, or undefined for a miss), to validate the entry. */
  readonly reads: readonly (readonly [string, string | undefined])[];
  readonly chunks: readonly Chunk[];
  readonly diagnostics: readonly Diagnostic[];
  readonly includes: readonly IncludeRecord[];
  readonly macroDefinitions: readonly MacroDefinitionRecord[];
  readonly inactiveRanges: readonly SourceRange[];
  /** #define (a macro) and #undef (undefined) in order. */
  readonly macroOps: readonly (readonly [string, Macro | undefined])[];
  readonly onceFiles: readonly string[];
  readonly files: readonly (readonly [string, string])[];
}

const MAX_ENTRIES = 64;

/** Where entries the cache does not hold may be found (the SDK snapshot). */
export interface IncludeBacking {
  load(key: string): IncludeEffects | undefined;
}

export class IncludeCache {
  private readonly entries = new Map<string, IncludeEffects>();
  /** Entries made since the last takeNew(), when there is a backing store to keep them. */
  private fresh: [string, IncludeEffects][] = [];

  constructor(private readonly backing?: IncludeBacking) {}

  /** The key of including `path` with this macro state and these #pragma once files. */
  static key(path: string, macroState: string, onceFiles: Iterable<string>): string {
    return `${path}\n${macroState}\n${[...onceFiles].sort().join('\n')}`;
  }

  /** The cached effects, if every read they depend on still gives the same result. */
  get(key: string, host: FileHost): IncludeEffects | undefined {
    let e = this.entries.get(key);
    if (!e && this.backing) {
      e = this.backing.load(key);
      if (e) this.remember(key, e);
    }
    if (!e) return undefined;
    for (const [path, text] of e.reads) {
      if (host.readFile(path) !== text) {
        this.entries.delete(key);
        return undefined;
      }
    }
    return e;
  }

  set(key: string, effects: IncludeEffects): void {
    this.remember(key, effects);
    if (this.backing) this.fresh.push([key, effects]);
  }

  /** The entries made since the last call (for the backing store). */
  takeNew(): [string, IncludeEffects][] {
    const f = this.fresh;
    this.fresh = [];
    return f;
  }

  private remember(key: string, effects: IncludeEffects): void {
    this.entries.delete(key);
    this.entries.set(key, effects);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
