// Pure path arithmetic on '/'-separated paths (no node:path, so the front-end also runs in a browser worker).

export function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  if (i < 0) return '.';
  return i === 0 ? '/' : p.slice(0, i);
}

export function joinPath(dir: string, rel: string): string {
  if (rel.startsWith('/')) return normalizePath(rel);
  if (dir === '' || dir === '.') return normalizePath(rel);
  return normalizePath(dir.endsWith('/') ? dir + rel : `${dir}/${rel}`);
}

/** Removes `.` segments and folds `x/..`; keeps a leading `/` and leading `..` segments. */
export function normalizePath(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (seg === '..' && abs) continue;
    else out.push(seg);
  }
  const body = out.join('/');
  return abs ? `/${body}` : body || '.';
}
