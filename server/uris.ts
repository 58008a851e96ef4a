// Document URIs and the paths the front-end sees: file: URIs become file system paths; any other
// scheme (untitled:, vscode-notebook-cell:) keeps its URI as the path, so it can never name a real file.

import { fileURLToPath, pathToFileURL } from 'node:url';

export function uriToPath(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

export function pathToUri(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) && !/^[a-z]:[\\/]/i.test(path)) return path;
  return pathToFileURL(path).href;
}
