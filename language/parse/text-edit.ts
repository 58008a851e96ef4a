// The edit that turns one text into another (common prefix and suffix kept), in the form tree-sitter
// takes to reuse an old tree when parsing the new text.

import type { Edit, Point } from 'web-tree-sitter';

export interface TextEdit {
  /** First changed offset (same in both texts). */
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** The smallest single replacement turning `before` into `after`. */
export function diffTexts(before: string, after: string): TextEdit {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < max - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, oldEnd: before.length - tail, newEnd: after.length - tail };
}

/** The tree-sitter edit (offsets and row/column points) for `e`. */
export function treeEdit(e: TextEdit, before: string, after: string): Edit {
  return {
    startIndex: e.start,
    oldEndIndex: e.oldEnd,
    newEndIndex: e.newEnd,
    startPosition: pointAt(before, e.start),
    oldEndPosition: pointAt(before, e.oldEnd),
    newEndPosition: pointAt(after, e.newEnd),
  };
}

function pointAt(text: string, offset: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}
