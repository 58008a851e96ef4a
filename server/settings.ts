// The server's settings (section `q7`): multicore mode for the workspace or per file (globs), the
// default coherence policy, include paths and defines, the re-analysis delay and the debugger's prebuild. Read from the
// initialization options, then from workspace/configuration per document when the client offers it.

import type { CheckOptions, CoherencePolicy } from '../language/checks';
import { globMatches } from '../language/file-globs';

export interface Settings {
  /** Build mode of the whole workspace (custom_op.load(..., multicore=True)). */
  multicore: boolean;
  /** Files built in multicore mode although the workspace is not (globs, `**` and `*`). */
  multicoreFiles: string[];
  coherencePolicy: CoherencePolicy;
  includePaths: string[];
  defines: Record<string, string>;
  /** Milliseconds of quiet after an edit before the file is analysed again. */
  debounceMs: number;
  /** Build a kernel for the debugger once it is checked without errors (server/prebuild.ts). */
  prebuild: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  multicore: false,
  multicoreFiles: [],
  coherencePolicy: 'COHERENT',
  includePaths: [],
  defines: {},
  debounceMs: 150,
  prebuild: true,
};

const POLICIES = new Set(['COHERENT', 'INCOHERENT_VERBOSE', 'INCOHERENT_QUIET']);

/** Settings from an untrusted object (missing or ill-typed fields keep their defaults). */
export function readSettings(raw: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const strings = (v: unknown, d: string[]) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : d);
  const defines = r.defines && typeof r.defines === 'object' && !Array.isArray(r.defines)
    ? Object.fromEntries(Object.entries(r.defines as Record<string, unknown>).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]))
    : base.defines;
  return {
    multicore: typeof r.multicore === 'boolean' ? r.multicore : base.multicore,
    multicoreFiles: strings(r.multicoreFiles, base.multicoreFiles),
    coherencePolicy: typeof r.coherencePolicy === 'string' && POLICIES.has(r.coherencePolicy) ? (r.coherencePolicy as CoherencePolicy) : base.coherencePolicy,
    includePaths: strings(r.includePaths, base.includePaths),
    defines,
    debounceMs: typeof r.debounceMs === 'number' && r.debounceMs >= 0 && r.debounceMs <= 10000 ? r.debounceMs : base.debounceMs,
    prebuild: typeof r.prebuild === 'boolean' ? r.prebuild : base.prebuild,
  };
}

/** The check options for one file under these settings. */
export function checkOptionsFor(path: string, s: Settings): CheckOptions {
  return { multicore: s.multicore || s.multicoreFiles.some((g) => globMatches(g, path)), defaultPolicy: s.coherencePolicy };
}
