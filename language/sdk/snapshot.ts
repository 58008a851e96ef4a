// The SDK snapshot: what preprocessing and parsing a top-level system #include produced (the include
// cache's entry: chunks with their source maps, macros, diagnostics, records, every file read; and the
// syntax trees of its chunks' units), kept in a store the host injects (the build cache directory) so
// a new process loads it instead of lexing, expanding and parsing the SDK headers again.
// An entry is keyed by the include cache's key (header, macro state, #pragma once files), the user's
// include paths (searched before the SDK's, so they decide what an #include finds), the grammar and the
// snapshot format; it holds its full key, and the include cache checks every file it read
// against the host before using it, so an entry that does not match is a miss, never a wrong result.
// The analysis itself is still done per process, from these trees.

import type { IncludeEffects } from '../pre/include-cache';
import { SourceMap } from '../pre/source-map';
import { NodeStore, SyntaxNode, type GrammarNames } from '../parse/syntax-node';
import { SegmentMap, SegmentUnit } from '../units/segment-unit';
import { decodeGraph, encodeGraph, type CodecClasses } from './graph-codec';

/** Bytes by key, as the host keeps them (the build cache's store fits). Lookups may miss at any time. */
export interface SnapshotStore {
  get(key: string): Uint8Array | undefined;
  put(key: string, value: Uint8Array): void;
}

/** Changed whenever what a snapshot holds, or how the front-end reads it, changes. */
const FORMAT = 'q7-sdk-snapshot/3';

/** One include's snapshot: its effects and, per chunk, the units read from it. */
export interface IncludeSnapshot {
  readonly effects: IncludeEffects;
  readonly units: readonly SegmentUnit[][];
}

interface Stored extends IncludeSnapshot {
  readonly key: string;
}

export class SdkSnapshots {
  private readonly kinds: CodecClasses;
  /** Lookups answered from the store, and entries written (for tests and the benchmark). */
  loaded = 0;
  saved = 0;

  constructor(
    private readonly store: SnapshotStore,
    names: GrammarNames & object,
    private readonly grammar: string,
  ) {
    this.kinds = { classes: [SourceMap, SegmentUnit, SegmentMap, NodeStore, SyntaxNode], externals: [names] };
  }

  /** The snapshot of the include with this include-cache key under these include paths, if the store
   *  has a readable one. */
  load(includeKey: string, includePaths: readonly string[]): IncludeSnapshot | undefined {
    const key = this.fullKey(includeKey, includePaths);
    let bytes: Uint8Array | undefined;
    try {
      bytes = this.store.get(storeKey(key));
    } catch {
      return undefined;
    }
    if (!bytes) return undefined;
    try {
      const s = decodeGraph(bytes, this.kinds) as Stored;
      if (s.key !== key || s.units.length !== s.effects.chunks.length) return undefined;
      this.loaded++;
      return s;
    } catch {
      return undefined;
    }
  }

  /** Keeps the snapshot of an include (its units read but not analysed yet). */
  save(includeKey: string, includePaths: readonly string[], snapshot: IncludeSnapshot): void {
    try {
      const stored: Stored = { key: this.fullKey(includeKey, includePaths), effects: snapshot.effects, units: snapshot.units };
      this.store.put(storeKey(stored.key), encodeGraph(stored, this.kinds));
      this.saved++;
    } catch {
      // a snapshot only changes speed
    }
  }

  private fullKey(includeKey: string, includePaths: readonly string[]): string {
    return `${FORMAT}\n${this.grammar}\n${JSON.stringify(includePaths)}\n${includeKey}`;
  }
}

/** The grammar's identity as the trees depend on it: its node type and field names by id. */
export function grammarIdentity(types: readonly (string | null)[], fields: readonly (string | null)[]): string {
  return `${types.length}:${fields.length}:${hash(`${types.join('\u0001')}\u0002${fields.join('\u0001')}`)}`;
}

/** The store's key for a full key: a short digest (the entry holds the full key and is checked). */
function storeKey(key: string): string {
  return `sdk-${hash(key)}`;
}

/** 64 bits of two FNV-style lanes, as hex: short keys; entries are verified, so a collision only misses. */
function hash(s: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
    h2 = (h2 ^ (h2 >>> 15)) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}
