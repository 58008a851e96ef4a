// The syntax tree the analyser reads: plain JavaScript nodes copied out of a tree-sitter tree once, so
// that reading a node costs no call into WebAssembly and the WASM tree can be freed right away.
// Offsets are relative to the node's source (a top-level declaration, or a whole header).

/** The text a node's offsets index into. */
export interface TextSource {
  readonly text: string;
}

const NO_CHILDREN: readonly SyntaxNode[] = Object.freeze([]);

const NAMED = 1;
const MISSING = 2;
const HAS_ERROR = 4;

/**
 * A node of the tree. Trees read without errors leave out the punctuation the analyser never looks
 * at (parentheses, braces, commas, semicolons without a field); the spans still cover it.
 */
export class SyntaxNode {
  parent: SyntaxNode | null = null;
  private named?: SyntaxNode[];
  private readonly flags: number;

  constructor(
    /** Mutable so a re-read declaration can take over the unit of the one it replaces. */
    public source: TextSource,
    /** The grammar's name for the node (`call_expression`, `(`, `ERROR`). */
    readonly type: string,
    /** The field this node fills in its parent (`function`, `arguments`), if any. */
    readonly fieldName: string | undefined,
    isNamed: boolean,
    public startIndex: number,
    public endIndex: number,
    readonly children: readonly SyntaxNode[] = NO_CHILDREN,
    /** A node the parser inserted to recover from an error (zero width). */
    isMissing = false,
    /** This node or one below it is an ERROR or MISSING node. */
    hasError = false,
  ) {
    this.flags = (isNamed ? NAMED : 0) | (isMissing ? MISSING : 0) | (hasError ? HAS_ERROR : 0);
    for (let i = 0; i < children.length; i++) children[i].parent = this;
  }

  get isNamed(): boolean {
    return (this.flags & NAMED) !== 0;
  }

  /** A node the parser inserted to recover from an error (zero width). */
  get isMissing(): boolean {
    return (this.flags & MISSING) !== 0;
  }

  /** This node or one below it is an ERROR or MISSING node. */
  get hasError(): boolean {
    return (this.flags & HAS_ERROR) !== 0;
  }

  get text(): string {
    return this.source.text.slice(this.startIndex, this.endIndex);
  }

  get isError(): boolean {
    return this.type === 'ERROR';
  }

  get childCount(): number {
    return this.children.length;
  }

  get namedChildren(): readonly SyntaxNode[] {
    if (!this.named) {
      const all = this.children;
      let k = 0;
      while (k < all.length && all[k].isNamed) k++;
      this.named = k === all.length ? (all as SyntaxNode[]) : all.filter((c) => c.isNamed);
    }
    return this.named;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  child(i: number): SyntaxNode | null {
    return this.children[i] ?? null;
  }

  namedChild(i: number): SyntaxNode | null {
    return this.namedChildren[i] ?? null;
  }

  childForFieldName(name: string): SyntaxNode | null {
    for (const c of this.children) if (c.fieldName === name) return c;
    return null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    return this.children.filter((c) => c.fieldName === name);
  }

  /** Descendants (not this node) of the given type, in document order. */
  descendantsOfType(type: string): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    const visit = (n: SyntaxNode) => {
      for (const c of n.children) {
        if (c.type === type) out.push(c);
        visit(c);
      }
    };
    visit(this);
    return out;
  }

  /** Points this node and every node below it at `source`. */
  rehome(source: TextSource): void {
    this.source = source;
    for (const c of this.children) c.rehome(source);
  }

  /** The innermost descendant (or this node) whose span contains `offset`; ties go to the later child. */
  descendantAt(offset: number): SyntaxNode {
    let next: SyntaxNode | undefined;
    for (const c of this.children) {
      if (c.startIndex <= offset && offset < c.endIndex) next = c;
      else if (c.startIndex > offset) break;
    }
    return next ? next.descendantAt(offset) : this;
  }
}
