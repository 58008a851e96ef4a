// The harness's face: what the benchmarks drive (the tests import its files directly). The harness
// holds the runners of the independent implementations the product is compared with — Debian's Xtensa
// toolchain and QEMU (oracle/) — and a stdio LSP client of the language server (lsp-client.ts).
// It imports nothing of the product.
export { buildCustomProgram, buildProgram } from './oracle/build';
export { runQemu } from './oracle/qemu';
export { hasTool } from './oracle/tools';
export { repoRoot } from './oracle/paths';
export { LspClient, SERVER_MAIN } from './lsp-client';
