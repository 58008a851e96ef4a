// Copies a tree-sitter tree into SyntaxNodes, one top-level declaration at a time, with a TreeCursor.
// Every read property is a call into WebAssembly, so an error-free tree is read with the fewest calls:
// interior spans come from their children, field ids only under node types that have fields, and the
// spans of punctuation, keywords and identifiers from the text (preprocessed text has only whitespace
// between tokens; each guess is checked against the text). A tree with errors is read exactly.

import type { Language, Tree, TreeCursor } from 'web-tree-sitter';
import { ERROR_TYPE_ID, FIELDED_TYPES, LEAF_TYPES, WORD_LEAF_TYPES } from './grammar-tables';
import { SyntaxNode, type TextSource } from './syntax-node';

/** A child of the tree's root: its type and span in the parsed text. */
export interface TopLevelSpan {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
}

/** Decides, for each top-level child, the source to read it into (or undefined to skip it). */
export type TopLevelSelector = (span: TopLevelSpan, index: number) => TextSource | undefined;

export interface TopLevelNode {
  readonly span: TopLevelSpan;
  /** The node read (offsets relative to span.startIndex), or undefined when skipped. */
  readonly node?: SyntaxNode;
}

const PUNCTUATION = new Set(['(', ')', '{', '}', ';', ',']);

const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;

export class TreeReader {
  private readonly types: string[];
  private readonly fields: (string | undefined)[];
  private readonly named: boolean[] = [];
  private readonly leaf: boolean[] = [];
  private readonly word: boolean[] = [];
  private readonly fielded: boolean[] = [];
  private readonly punctuation: boolean[] = [];

  constructor(language: Language) {
    this.types = language.types.map((t) => t ?? 'ERROR');
    this.fields = language.fields.map((f) => f ?? undefined);
    const leafSet = new Set(LEAF_TYPES);
    const wordSet = new Set(WORD_LEAF_TYPES);
    const fieldedSet = new Set(FIELDED_TYPES);
    for (let id = 0; id < this.types.length; id++) {
      const named = language.nodeTypeIsNamed(id);
      const t = this.types[id];
      this.named.push(named);
      this.leaf.push(!named || leafSet.has(t));
      this.word.push(named && wordSet.has(t));
      this.fielded.push(fieldedSet.has(t));
      this.punctuation.push(!named && PUNCTUATION.has(t));
    }
  }

  /** Reads the root's children that `select` asks for; `text` is the text that was parsed. */
  readTopLevel(tree: Tree, text: string, select: TopLevelSelector): TopLevelNode[] {
    const exact = tree.rootNode.hasError;
    const cursor = tree.walk();
    const out: TopLevelNode[] = [];
    try {
      if (cursor.nodeTypeId === ERROR_TYPE_ID) {
        // nothing parsed as a translation unit: the whole text is one (broken) declaration
        const span: TopLevelSpan = { type: 'ERROR', startIndex: cursor.startIndex, endIndex: cursor.endIndex };
        const source = select(span, 0);
        out.push({ span, node: source ? new ReadState(this, cursor, text, source, span.startIndex).exact(undefined) : undefined });
        return out;
      }
      if (!cursor.gotoFirstChild()) return out;
      do {
        const typeId = cursor.nodeTypeId;
        const span: TopLevelSpan = { type: this.typeName(typeId), startIndex: cursor.startIndex, endIndex: cursor.endIndex };
        const source = select(span, out.length);
        if (!source) out.push({ span });
        else {
          const read = new ReadState(this, cursor, text, source, span.startIndex);
          out.push({ span, node: exact && cursor.currentNode.hasError ? read.exact(undefined) : read.fast(undefined) });
        }
      } while (cursor.gotoNextSibling());
      return out;
    } finally {
      cursor.delete();
    }
  }

  /** Reads the whole tree into one root node (offsets as in `text`). */
  readWhole(tree: Tree, text: string, source: TextSource): SyntaxNode {
    return this.whole(tree, text, this.readTopLevel(tree, text, () => source), source);
  }

  /** Like readWhole, asking tree-sitter for every property even of an error-free tree (for tests). */
  readWholeExact(tree: Tree, text: string, source: TextSource): SyntaxNode {
    const cursor = tree.walk();
    const out: TopLevelNode[] = [];
    try {
      if (cursor.gotoFirstChild()) {
        do {
          const span: TopLevelSpan = { type: this.typeName(cursor.nodeTypeId), startIndex: cursor.startIndex, endIndex: cursor.endIndex };
          out.push({ span, node: new ReadState(this, cursor, text, source, span.startIndex).exact(undefined) });
        } while (cursor.gotoNextSibling());
      }
    } finally {
      cursor.delete();
    }
    return this.whole(tree, text, out, source);
  }

  private whole(tree: Tree, text: string, top: TopLevelNode[], source: TextSource): SyntaxNode {
    const children: SyntaxNode[] = [];
    for (const t of top) {
      const n = t.node!;
      const shift = t.span.startIndex;
      const move = (x: SyntaxNode) => {
        x.startIndex += shift;
        x.endIndex += shift;
        x.children.forEach(move);
      };
      move(n);
      children.push(n);
    }
    const root = tree.rootNode;
    return new SyntaxNode(source, root.type, undefined, true, 0, text.length, children, false, root.hasError);
  }

  typeName(id: number): string {
    return id === ERROR_TYPE_ID ? 'ERROR' : (this.types[id] ?? 'ERROR');
  }

  isNamed(id: number): boolean {
    return id === ERROR_TYPE_ID || !!this.named[id];
  }

  isLeaf(id: number): boolean {
    return id !== ERROR_TYPE_ID && !!this.leaf[id];
  }

  isWord(id: number): boolean {
    return !!this.word[id];
  }

  /** Brackets and separators the analyser never reads (left out of error-free trees). */
  isPunctuation(id: number): boolean {
    return !!this.punctuation[id];
  }

  hasFields(id: number): boolean {
    return !!this.fielded[id];
  }

  fieldName(id: number): string | undefined {
    return id ? this.fields[id] : undefined;
  }
}

/** One read of a subtree: the cursor stands on its root. */
class ReadState {
  /** Where the previous token ended (absolute). */
  private pos: number;
  /** Children being collected, for every level of the walk (sliced off when a node is done). */
  private readonly scratch: SyntaxNode[] = [];
  /** The span of the node read last (absolute). */
  private spanStart = 0;
  private spanEnd = 0;

  constructor(
    private readonly r: TreeReader,
    private readonly c: TreeCursor,
    private readonly text: string,
    private readonly source: TextSource,
    private readonly base: number,
  ) {
    this.pos = base;
  }

  /** Reads an error-free subtree (no MISSING nodes, so every token spells its text). */
  fast(field: string | undefined): SyntaxNode {
    return this.fastNode(field) ?? new SyntaxNode(this.source, 'ERROR', field, true, this.spanStart - this.base, this.spanEnd - this.base);
  }

  /** The node at the cursor (undefined for punctuation left out); sets spanStart/spanEnd to its span. */
  private fastNode(field: string | undefined): SyntaxNode | undefined {
    const { c, r } = this;
    const id = c.nodeTypeId;
    const type = r.typeName(id);
    const named = r.isNamed(id);
    if (r.isLeaf(id)) {
      const start = this.tokenStart(id, type, named);
      const end = this.tokenEnd(id, type, named, start);
      this.pos = this.spanEnd = end;
      this.spanStart = start;
      if (!field && r.isPunctuation(id)) return undefined;
      return new SyntaxNode(this.source, type, field, named, start - this.base, end - this.base);
    }
    if (!c.gotoFirstChild()) {
      this.spanStart = c.startIndex;
      this.pos = this.spanEnd = c.endIndex;
      return new SyntaxNode(this.source, type, field, named, this.spanStart - this.base, this.spanEnd - this.base);
    }
    const fielded = r.hasFields(id);
    const scratch = this.scratch;
    const mark = scratch.length;
    let first = -1;
    do {
      const kid = this.fastNode(fielded ? r.fieldName(c.currentFieldId) : undefined);
      if (first < 0) first = this.spanStart;
      if (kid) scratch.push(kid);
    } while (c.gotoNextSibling());
    c.gotoParent();
    this.spanStart = first;
    const kids = scratch.slice(mark);
    scratch.length = mark;
    return new SyntaxNode(this.source, type, field, named, first - this.base, this.spanEnd - this.base, kids);
  }

  /** The next non-blank character, when the token's text is there; else asks tree-sitter. */
  private tokenStart(id: number, type: string, named: boolean): number {
    const t = this.text;
    let p = this.pos;
    for (let ch = t.charCodeAt(p); ch === 32 || ch === 10 || ch === 9 || ch === 13 || ch === 11 || ch === 12; ch = t.charCodeAt(++p));
    if (named ? this.r.isWord(id) && isWordChar(t.charCodeAt(p)) : t.startsWith(type, p)) return p;
    return this.c.startIndex;
  }

  private tokenEnd(id: number, type: string, named: boolean, start: number): number {
    const t = this.text;
    if (!named) return t.startsWith(type, start) ? start + type.length : this.c.endIndex;
    if (this.r.isWord(id)) {
      let e = start;
      while (e < t.length && isWordChar(t.charCodeAt(e))) e++;
      if (e > start && !(t.charCodeAt(e) > 127)) return e;
    }
    return this.c.endIndex;
  }

  /** Reads any subtree, asking tree-sitter for every property. */
  exact(field: string | undefined): SyntaxNode {
    const { c, r } = this;
    const id = c.nodeTypeId;
    const type = r.typeName(id);
    const named = r.isNamed(id);
    const start = c.startIndex - this.base;
    const end = c.endIndex - this.base;
    const missing = start === end && c.nodeIsMissing;
    if (!c.gotoFirstChild()) return new SyntaxNode(this.source, type, field, named, start, end, undefined, missing, missing || id === ERROR_TYPE_ID);
    const kids: SyntaxNode[] = [];
    do kids.push(this.exact(r.fieldName(c.currentFieldId)));
    while (c.gotoNextSibling());
    c.gotoParent();
    const hasError = id === ERROR_TYPE_ID || missing || kids.some((k) => k.hasError);
    return new SyntaxNode(this.source, type, field, named, start, end, kids, missing, hasError);
  }
}
