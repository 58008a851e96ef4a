// Bundles the entry points (CLI and its program-mode `q7 run`, language server, VS Code extension, debug adapter) with esbuild, and
// embeds the diagnostic codes' pages (docs/diagnostics/) for q7 explain, and copies the WebAssembly files the bundles load at run time (tree-sitter and its C++ grammar) next to them.
// Every bundle gets the same build id (__Q7_BUILD_ID: a digest of package.json and the sources, scripts/build-id.mjs), part of
// the build cache's compiler identity, so a changed compiler never reuses what an older one cached.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildId as computeBuildId } from './build-id.mjs';

const entries = [
  { in: 'cli/main.ts', out: 'dist/cli.js', noDynamicImport: true },
  // the CLI's loader (bin/q7): runs dist/cli.js through V8's code cache (diskcache/code-cache.ts)
  { in: 'cli/start.ts', out: 'dist/cli-start.js' },
  // q7 run's worker thread that generates argument tensors beside the build (cli/tensor-prefetch.ts)
  { in: 'cli/tensor-worker.ts', out: 'dist/tensor-worker.js' },
  // `q7 run` of a program ELF: the emulator alone, so the process starts fast (cli/program-main.ts),
  // behind a small loader (dist/q7-run.js) that runs it through V8's code cache (diskcache/code-cache.ts)
  { in: 'cli/program-start.ts', out: 'dist/q7-run.js' },
  { in: 'cli/program-main.ts', out: 'dist/q7-run-main.js', noDynamicImport: true },
  // the language server: a small loader (dist/server.js) that runs the server's bundle through V8's code
  // cache (diskcache/code-cache.ts)
  { in: 'server/start.ts', out: 'dist/server.js' },
  { in: 'server/main.ts', out: 'dist/server-main.js', noDynamicImport: true },
  // the server's worker thread that builds checked kernels for the debugger (server/prebuild.ts)
  { in: 'server/prebuild-worker.ts', out: 'dist/prebuild-worker.js' },
  // bundleStart: the banner notes when the bundle began loading (the extension's activation figure)
  { in: 'client/extension.ts', out: 'dist/extension.js', bundleStart: true },
  // the language client, loaded by the extension only when the first kernel opens (a small extension.js
  // keeps activation cheap)
  { in: 'client/language-server.ts', out: 'dist/language-client.js' },
  // the debug adapter: a small loader (dist/dap.js) that runs the adapter's bundle through V8's code cache
  { in: 'debug-adapter/start.ts', out: 'dist/dap.js' },
  { in: 'debug-adapter/main.ts', out: 'dist/dap-main.js', noDynamicImport: true },
].filter((e) => existsSync(e.in));

const wasmFiles = [
  'node_modules/web-tree-sitter/tree-sitter.wasm',
  'node_modules/tree-sitter-cpp/tree-sitter-cpp.wasm',
];

// The pages of the diagnostic codes, embedded for `q7 explain` (cli/diagnostic-docs.ts).
const docs = Object.fromEntries(
  readdirSync('docs/diagnostics').filter((f) => /^Q7-.*\.md$/.test(f)).map((f) => [f.slice(0, -3), readFileSync(`docs/diagnostics/${f}`, 'utf8')]),
);

const buildId = computeBuildId();

// web-tree-sitter loads Node's modules with import(); a script compiled from V8's code cache loses its
// dynamic-import callback (the server's bundle, diskcache/code-cache.ts), and esbuild's own rewrite to
// require() is shadowed by the emscripten module's `var require`. So its two imports become calls of
// the bundle's require, saved as __q7_require by the banner (checked: the bundle keeps no import()).
const NODE_IMPORTS = ['fs/promises', 'module'];
const treeSitterImports = {
  name: 'web-tree-sitter-node-imports',
  setup(b) {
    b.onLoad({ filter: /web-tree-sitter[\\/]tree-sitter\.js$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      for (const m of NODE_IMPORTS) {
        const from = `await import("${m}")`;
        if (!text.includes(from)) throw new Error(`bundle: ${args.path} no longer has ${from}; update scripts/bundle.mjs`);
        text = text.replaceAll(from, `await Promise.resolve(__q7_require("${m}"))`);
      }
      return { contents: text, loader: 'js' };
    });
  },
};

// vscode-languageserver's node/files.js requires child_process at load for helpers the server never
// calls (resolving global npm/yarn modules): Node's child_process (with dgram) is loaded when one of them
// is first called instead (~2 ms of a server's start).
const CHILD_PROCESS = 'const child_process_1 = require("child_process");';
const lazyChildProcess = {
  name: 'vscode-languageserver-lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /vscode-languageserver[\\/]lib[\\/]node[\\/]files\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(CHILD_PROCESS)) throw new Error(`bundle: ${args.path} no longer has ${CHILD_PROCESS}; update scripts/bundle.mjs`);
      const lazy = 'const child_process_1 = { get fork() { return require("child_process").fork; }, get spawnSync() { return require("child_process").spawnSync; } };';
      return { contents: text.replace(CHILD_PROCESS, lazy), loader: 'js' };
    });
  },
};

mkdirSync('dist', { recursive: true });
for (const f of wasmFiles) copyFileSync(f, `dist/${f.split('/').pop()}`);

for (const e of entries) {
  await build({
    entryPoints: [e.in],
    outfile: e.out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external: ['vscode'],
    logLevel: 'warning',
    // web-tree-sitter locates its .wasm through import.meta.url, which CommonJS bundles lack.
    define: { 'import.meta.url': '__q7_import_meta_url', __Q7_DIAGNOSTIC_DOCS: JSON.stringify(docs), __Q7_BUILD_ID: JSON.stringify(buildId), __Q7_VERSION: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
    // __q7_bundle_start: when the bundle began loading (the extension reports its activation time from it);
    // only there, since reading the global `performance` loads Node's perf_hooks (~2 ms of a server's start)
    banner: { js: `${e.bundleStart ? 'var __q7_bundle_start = performance.now();\n' : ''}const __q7_import_meta_url = require("url").pathToFileURL(__filename).href;\nconst __q7_require = require;` },
    plugins: [treeSitterImports, lazyChildProcess],
  });
  if (e.noDynamicImport && /\bimport\(/.test(readFileSync(e.out, 'utf8'))) throw new Error(`bundle: ${e.out} holds an import(), which fails once V8's code cache compiles it`);
  asciiOnly(e.out);
}

// esbuild escapes non-ASCII characters in strings, regular expressions and names, but keeps the comments
// it carries over as written. One such character makes Node read the whole bundle as UTF-8 the slow way
// into a two-byte string (a 1.8 MB bundle: ~40 ms instead of ~10 at start-up, twice the memory), so the
// remaining ones become \u escapes: inert in a comment, the same character anywhere else.
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
