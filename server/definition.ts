// Go to definition: the declaration of the name under the cursor, in the user's files or in the SDK
// headers (materialised as real files, so every LSP client can open them).

import type { Location } from 'vscode-languageserver/node';
import type { Analysis } from '../language';
import { toRange, type PathMapper } from './convert';
import { infoAt } from './position';
import { pathToUri } from './uris';

export function definition(analysis: Analysis, file: string, line: number, column: number, realPath: PathMapper): Location[] {
  const info = infoAt(analysis, file, line, column);
  const d = info?.expr?.callee ?? info?.decl ?? info?.expr?.decl;
  if (!d || d.kind === 'template-binding' || !d.loc) return [];
  const r = d.loc.range;
  if (!r.file) return [];
  return [{ uri: pathToUri(realPath(r.file)), range: toRange(r) }];
}
