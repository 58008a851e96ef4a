// Copies a tree-sitter tree into NodeStores (see syntax-node.ts), one top-level declaration at a time,
// with a cursor (parse/cursor.ts).
// Every read property is a call into WebAssembly, so an error-free tree is read with the fewest calls:
// interior spans come from their children, field ids only under node types that have fields, and the
// spans of punctuation, keywords and identifiers from the text (preprocessed text has only whitespace
// between tokens; each guess is checked against the text). A tree with errors is read exactly.

import type { Language, Tree } from 'web-tree-sitter';
import { openCursor, type Cursor } from './cursor';
import { ERROR_TYPE_ID, FIELDED_TYPES, LEAF_TYPES, WORD_LEAF_TYPES } from './grammar-tables';
import { nodeFlags, NodeStoreBuilder, type GrammarNames, type SyntaxNode, type TextSource } from './syntax-node';

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

export class TreeReader implements GrammarNames {
  private readonly types: string[];
  private readonly fields: (string | undefined)[];
  private readonly fieldIds = new Map<string, number>();
  private readonly named: boolean[] = [];
  private readonly leaf: boolean[] = [];
  private readonly word: boolean[] = [];
  private readonly fielded: boolean[] = [];
  private readonly punctuation: boolean[] = [];
  private readonly builder: NodeStoreBuilder;

  constructor(language: Language) {
    this.types = language.types.map((t) => t ?? 'ERROR');
    this.fields = language.fields.map((f) => f ?? undefined);
    this.fields.forEach((f, id) => f && id && this.fieldIds.set(f, id));
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
    this.builder = new NodeStoreBuilder(this);
  }

  /** Reads the root's children that `select` asks for; `text` is the text that was parsed. */
  readTopLevel(tree: Tree, text: string, select: TopLevelSelector): TopLevelNode[] {
    const exact = tree.rootNode.hasError;
    const b = this.builder;
    b.reset();
    const cursor = openCursor(tree);
    const spans: { span: TopLevelSpan; tree: number }[] = [];
    try {
      if (cursor.nodeTypeId === ERROR_TYPE_ID) {
        // nothing parsed as a translation unit: the whole text is one (broken) declaration
        const span: TopLevelSpan = { type: 'ERROR', startIndex: cursor.startIndex, endIndex: cursor.endIndex };
        const source = select(span, 0);
        if (source) new ReadState(this, cursor, text, b, span.startIndex).exact(0);
        spans.push({ span, tree: source ? b.end(source) : -1 });
      } else if (cursor.gotoFirstChild()) {
        do {
          const typeId = cursor.nodeTypeId;
          const span: TopLevelSpan = { type: this.typeName(typeId), startIndex: cursor.startIndex, endIndex: cursor.endIndex };
          const source = select(span, spans.length);
          if (!source) spans.push({ span, tree: -1 });
          else {
            const read = new ReadState(this, cursor, text, b, span.startIndex);
            if (exact && cursor.nodeHasError()) read.exact(0);
            else read.fast(0);
            spans.push({ span, tree: b.end(source) });
          }
        } while (cursor.gotoNextSibling());
      }
      const stores = b.finish();
      return spans.map((s) => (s.tree < 0 ? { span: s.span } : { span: s.span, node: stores[s.tree].root }));
    } finally {
      b.reset();
      cursor.close();
    }
  }

  /** Reads the whole tree into one root node (offsets as in `text`). */
  readWhole(tree: Tree, text: string, source: TextSource): SyntaxNode {
    return this.whole(tree, text, source, false);
  }

  /** Like readWhole, asking tree-sitter for every property even of an error-free tree (for tests). */
  readWholeExact(tree: Tree, text: string, source: TextSource): SyntaxNode {
    return this.whole(tree, text, source, true);
  }

  private whole(tree: Tree, text: string, source: TextSource, exactAll: boolean): SyntaxNode {
    const root = tree.rootNode;
    const hasError = root.hasError;
    const b = this.builder;
    b.reset();
    const cursor = openCursor(tree);
    try {
      const rootType = cursor.nodeTypeId;
      const mark = b.mark();
      const read = new ReadState(this, cursor, text, b, 0);
      if (rootType === ERROR_TYPE_ID) b.push(read.exact(0));
      else if (cursor.gotoFirstChild()) {
        do b.push(exactAll || (hasError && cursor.nodeHasError()) ? read.exact(0) : read.fast(0));
        while (cursor.gotoNextSibling());
      }
      b.add(rootType, 0, nodeFlags(true, false, hasError), 0, text.length, mark);
      b.end(source);
      return b.finish()[0].root;
    } finally {
      b.reset();
      cursor.close();
    }
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

  fieldId(name: string): number {
    return this.fieldIds.get(name) ?? 0;
  }
}

const NAMED_FLAGS = nodeFlags(true, false, false);

/** One read of a subtree into the builder: the cursor stands on its root. Nodes are added children first. */
class ReadState {
  /** Where the previous token ended (absolute). */
  private pos: number;
  /** The span of the node read last (absolute). */
  private spanStart = 0;
  private spanEnd = 0;

  constructor(
    private readonly r: TreeReader,
    private readonly c: Cursor,
    private readonly text: string,
    private readonly b: NodeStoreBuilder,
    private readonly base: number,
  ) {
    this.pos = base;
  }

  /** Reads an error-free subtree (no MISSING nodes, so every token spells its text); returns its index. */
  fast(fieldId: number): number {
    // the root is kept even when it is punctuation (the `;` after a top-level `struct X {…}` is a unit of its own)
    const i = this.fastNode(fieldId, true);
    return i >= 0 ? i : this.b.add(ERROR_TYPE_ID, fieldId, NAMED_FLAGS, this.spanStart - this.base, this.spanEnd - this.base);
  }

  /** The node at the cursor (-1 for punctuation left out, unless `keep`); sets spanStart/spanEnd to its span. */
  private fastNode(fieldId: number, keep = false): number {
    const { c, r, b } = this;
    const id = c.nodeTypeId;
    const named = r.isNamed(id);
    const flags = named ? NAMED_FLAGS : 0;
    if (r.isLeaf(id)) {
      const type = r.typeName(id);
      const start = this.tokenStart(id, type, named);
      const end = this.tokenEnd(id, type, named, start);
      this.pos = this.spanEnd = end;
      this.spanStart = start;
      if (!fieldId && !keep && r.isPunctuation(id)) return -1;
      return b.add(id, fieldId, flags, start - this.base, end - this.base);
    }
    if (!c.gotoFirstChild()) {
      this.spanStart = c.startIndex;
      this.pos = this.spanEnd = c.endIndex;
      return b.add(id, fieldId, flags, this.spanStart - this.base, this.spanEnd - this.base);
    }
    const fielded = r.hasFields(id);
    const mark = b.mark();
    let first = -1;
    do {
      const kid = this.fastNode(fielded ? c.currentFieldId : 0);
      if (first < 0) first = this.spanStart;
      if (kid >= 0) b.push(kid);
    } while (c.gotoNextSibling());
    c.gotoParent();
    this.spanStart = first;
    return b.add(id, fieldId, flags, first - this.base, this.spanEnd - this.base, mark);
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

  /** Reads any subtree, asking tree-sitter for every property; returns its index. */
  exact(fieldId: number): number {
    const { c, r, b } = this;
    const id = c.nodeTypeId;
    const named = r.isNamed(id);
    const start = c.startIndex - this.base;
    const end = c.endIndex - this.base;
    const missing = start === end && c.nodeIsMissing;
    if (!c.gotoFirstChild()) return b.add(id, fieldId, nodeFlags(named, missing, missing || id === ERROR_TYPE_ID), start, end);
    const mark = b.mark();
    let kidError = false;
    do {
      const k = this.exact(c.currentFieldId);
      if (b.flagsOf(k) & NodeStoreBuilder.HAS_ERROR) kidError = true;
      b.push(k);
    } while (c.gotoNextSibling());
    c.gotoParent();
    return b.add(id, fieldId, nodeFlags(named, missing, id === ERROR_TYPE_ID || missing || kidError), start, end, mark);
  }
}
