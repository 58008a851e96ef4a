// Which C++ documents the extension hands to the language server: kernels that include
// <torch/torch.h> or a <neuron/...> header, and files the user opted in with the `q7.files` globs.
// No VS Code import here, so the rule is testable without an editor.

import { globMatches } from '../language/file-globs';

const NEURON_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*[<"](?:torch\/torch\.h|torch\/extension\.h|neuron\/[^>"]+)[>"]/m;

/** Whether the text includes the device SDK (a Neuron custom-op kernel). */
export function includesNeuronSdk(text: string): boolean {
  return NEURON_INCLUDE.test(text);
}

/** Whether a document is served: a kernel by its includes, or opted in by path. */
export function isServed(path: string, text: string, optIn: readonly string[]): boolean {
  return includesNeuronSdk(text) || optIn.some((g) => globMatches(g, path));
}
