// What the preprocessor hands on besides diagnostics: the chunks of preprocessed text with their
// source maps, the #include directives and the macro definitions it saw. A file of its own so the
// include cache and the chunk builder, which the preprocessor uses, need not import the preprocessor.

import type { SourceMap } from './source-map';
import type { SourceRange } from '../diagnostics';

export interface Chunk {
  text: string;
  map: SourceMap;
  /** True when every token of the chunk comes from system (SDK) headers. */
  system: boolean;
  /** The file whose inclusion produced this chunk (the main file for its own text). */
  file: string;
}

export interface IncludeRecord {
  range: SourceRange;
  spelled: string;
  resolved?: string;
}

export interface MacroDefinitionRecord {
  name: string;
  range: SourceRange;
  text: string;
}
