// The C++ front-end as the CLI commands use it (q7 check, q7 build): files read through the
// command's CliIO, and one Frontend per process with the grammar found next to the bundle (dist/)
// or in node_modules, or read and compiled ahead by the loader (useGrammar).

import { CliIO, UsageError } from './io';
import { Frontend, locateGrammarFiles, type FileHost, type GrammarBinaries } from '../language';
import { snapshotStore } from '../diskcache';

/** A front-end file host over the command's I/O (missing files read as undefined). */
export function fileHost(io: CliIO): FileHost {
  const decoder = new TextDecoder();
  return {
    readFile(p: string): string | undefined {
      try {
        return decoder.decode(io.readFile(p));
      } catch {
        return undefined;
      }
    },
  };
}

let frontend: Promise<Frontend> | undefined;
let prefetched: Promise<GrammarBinaries | undefined> | undefined;

/** The grammar's files read (and compiled) ahead by the CLI's loader (cli/start.ts), for the front-end. */
export function useGrammar(grammar: Promise<GrammarBinaries | undefined> | undefined): void {
  prefetched = grammar;
}

/** The process's front-end, created on first use; unless `useCache` is false, it keeps the SDK snapshot
 *  (language/sdk/snapshot.ts) in the build cache. */
export function loadFrontend(io: CliIO, useCache = true): Promise<Frontend> {
  frontend ??= (async () => {
    const read = (p: string) => {
      try {
        return io.readFile(p);
      } catch {
        return undefined;
      }
    };
    const resolve = (s: string) => {
      try {
        return require.resolve(s);
      } catch {
        return undefined;
      }
    };
    const ahead = await prefetched;
    const found = ahead ?? locateGrammarFiles(read, typeof __dirname === 'string' ? __dirname : undefined, resolve);
    if (typeof found === 'string') throw new UsageError(found);
    const cache = useCache ? io.buildCache?.() : undefined;
    return Frontend.create(found, cache ? { snapshots: snapshotStore(cache) } : {});
  })();
  return frontend;
}
