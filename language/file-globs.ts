// Globs over file paths, as the settings write them (`q7.multicoreFiles`, `q7.files`): which files a
// setting applies to. Pure string matching, shared by the language server's settings and the VS Code
// client's test of a kernel file (a face of its own, so the client's bundle takes this file alone).

/** Whether a path matches a glob (`**` any directories, `*` and `?` within a name); relative globs match any suffix. */
export function globMatches(glob: string, path: string): boolean {
  const p = path.replace(/\\/g, '/');
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const anchored = glob.startsWith('/') ? `^${re}$` : `(?:^|/)${re}$`;
  return new RegExp(anchored).test(p);
}
