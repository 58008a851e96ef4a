// The adapter as a process: the file system and the C++ front-end behind AdapterHost, and the DAP
// session on stdin/stdout (`q7 dap`, or `node dist/dap.js`). Nothing else may write to stdout, so
// console output is sent to stderr; an unexpected exception is logged, never fatal.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatCompileDiagnostic, RuntimeBuildError } from '../compiler';
import { Frontend, locateGrammarFiles } from '../language';
import { hostCache, snapshotStore } from '../diskcache';
import { buildKernelSourceLazily, assembleProgram, isAssemblySource } from '../session';
import { AsmError } from '../xtensa/asm';
import { ElfError, readElf } from '../xtensa/elf';
import { buildOptionsOf, type LaunchPlan } from './config';
import { type AdapterHost, Q7DebugSession, RequestError } from './session';

let frontend: Promise<Frontend> | undefined;

function loadFrontend(): Promise<Frontend> {
  frontend ??= (async () => {
    const read = (p: string) => {
      try {
        return fs.readFileSync(p);
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
    const found = locateGrammarFiles(read, typeof __dirname === 'string' ? __dirname : undefined, resolve);
    if (typeof found === 'string') throw new RequestError(found);
    return Frontend.create(found, { snapshots: snapshotStore(hostCache((line) => process.stderr.write(`${line}\n`))) });
  })();
  return frontend;
}

export function readUserFile(p: string): Uint8Array {
  try {
    return fs.readFileSync(p);
  } catch (e) {
    throw new RequestError(`${p}: cannot read file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

export const nodeHost: AdapterHost = {
  readFile: readUserFile,
  cwd: process.cwd(),
  readText(p: string): string | undefined {
    try {
      return fs.readFileSync(p, 'utf8');
    } catch {
      return undefined;
    }
  },
  async loadImage(plan: LaunchPlan, log: (text: string) => void) {
    const bytes = readUserFile(plan.program);
    if (isAssemblySource(plan.program)) {
      try {
        return assembleProgram(plan.program, new TextDecoder().decode(bytes), plan.cpu ?? 'q7');
      } catch (e) {
        if (e instanceof AsmError) throw new RequestError(e.message);
        throw e;
      }
    }
    if (!/\.(cpp|cc|cxx|C)$/.test(plan.program)) {
      try {
        return readElf(bytes, plan.program);
      } catch (e) {
        if (e instanceof ElfError) throw new RequestError(e.message);
        throw e;
      }
    }
    const host = { readFile: (p: string) => nodeHost.readText(path.isAbsolute(p) ? p : path.resolve(plan.cwd, p)) };
    let result;
    try {
      result = await buildKernelSourceLazily(loadFrontend, plan.program, host, {
        ...buildOptionsOf(plan),
        cache: plan.cache ? hostCache((line) => process.stderr.write(`${line}\n`)) : undefined,
      });
    } catch (e) {
      if (e instanceof RuntimeBuildError) throw new RequestError(e.message);
      throw e;
    }
    if (!result.image) {
      const diags = result.diagnostics.map((d) => formatCompileDiagnostic(d));
      for (const d of diags) log(`${d}\n`);
      throw new RequestError(`${plan.program}: the build failed${diags.length ? `: ${diags[0]}` : ''}`);
    }
    return result.image;
  },
};

/** Serves DAP on stdin/stdout until the client disconnects or closes the stream; `firstStop` is called
 *  once, when the first launch has reached its first stop (the loader then saves V8's code cache). */
export function runDebugAdapter(firstStop?: () => void): Promise<number> {
  console.log = console.info = console.warn = (...a: unknown[]) => process.stderr.write(a.map(String).join(' ') + '\n');
  process.on('uncaughtException', (e) => process.stderr.write(`q7 dap: unexpected error: ${e?.message ?? e}\n`));
  process.on('unhandledRejection', (e) => process.stderr.write(`q7 dap: unexpected error: ${(e as Error)?.message ?? e}\n`));
  const session = new Q7DebugSession(nodeHost);
  return new Promise((resolve) => {
    const done = () => {
      setTimeout(() => {
        resolve(0);
        process.exit(0);
      }, 20);
    };
    session.on('q7-disconnect', done);
    if (firstStop) session.once('q7-stopped', () => setImmediate(firstStop));
    process.stdin.on('end', done);
    process.stdin.on('close', done);
    session.start(process.stdin, process.stdout);
  });
}
