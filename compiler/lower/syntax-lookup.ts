// The span → syntax node lookup the compiler still uses to find what a declaration's location
// points at (an initialiser, a definition, a static local's declaration). It goes when the front-end
// hands every declaration's initialiser over with the function bodies.

import type { SyntaxNode as Node } from '../../language';

/** The smallest node of `root` spanning [start, end). */
export function nodeAt(root: Node, start: number, end: number): Node | undefined {
  if (root.startIndex > start || root.endIndex < end) return undefined;
  for (const c of root.children) {
    const n = nodeAt(c, start, end);
    if (n) return n;
  }
  return root;
}
