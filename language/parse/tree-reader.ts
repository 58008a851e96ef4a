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

const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;

export class TreeReader {
  private readonly types: string[];
  private readonly fields: (string | undefined)[];
  private readonly named: boolean[] = [];
  private readonly leaf: boolean[] = [];
  private readonly word: boolean[] = [];
  private readonly fielded: boolean[] = [];

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
    }
  }

  /** Reads the root's children that `select` asks for; `text` is the text that was parsed. */
  readTopLevel(tree: Tree, text: string, select: TopLevelSelector): TopLevelNode[] {
    const exact = tree.rootNode.hasError;
    const cursor = tree.walk();
    const out: TopLevelNode[] = [];
    try {
      if (!cursor.gotoFirstChild()) return out;
      do {
        const typeId = cursor.nodeTypeId;
        const span: TopLevelSpan = { type: this.typeName(typeId), startIndex: cursor.startIndex, endIndex: cursor.endIndex };
        const source = select(span, out.length);
        if (!source) out.push({ span });
        else {
          const read = new ReadState(this, cursor, text, source, span.startIndex);
          out.push({ span, node: exact ? read.exact(undefined) : read.fast(undefined) });
        }
      } while (cursor.gotoNextSibling());
      return out;
    } finally {
      cursor.delete();
    }
  }

  /** Reads the whole tree into one root node (offsets as in `text`). */
  readWhole(tree: Tree, text: string, source: TextSource): SyntaxNode {
    const children: SyntaxNode[] = [];
    for (const t of this.readTopLevel(tree, text, () => source)) {
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
    const { c, r } = this;
    const id = c.nodeTypeId;
    const type = r.typeName(id);
    const named = r.isNamed(id);
    if (r.isLeaf(id)) {
      const start = this.tokenStart(id, type, named);
      const end = this.tokenEnd(id, type, named, start);
      this.pos = end;
      return new SyntaxNode(this.source, type, field, named, start - this.base, end - this.base);
    }
    if (!c.gotoFirstChild()) {
      this.pos = c.endIndex;
      return new SyntaxNode(this.source, type, field, named, c.startIndex - this.base, this.pos - this.base);
    }
    const kids: SyntaxNode[] = [];
    const fielded = r.hasFields(id);
    do kids.push(this.fast(fielded ? r.fieldName(c.currentFieldId) : undefined));
    while (c.gotoNextSibling());
    c.gotoParent();
    return new SyntaxNode(this.source, type, field, named, kids[0].startIndex, kids[kids.length - 1].endIndex, kids);
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
