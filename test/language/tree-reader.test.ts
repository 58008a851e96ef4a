// Reading tree-sitter trees into SyntaxNodes: the grammar facts the fast reader relies on match the
// tree-sitter-cpp package, the fast read of an error-free tree equals the exact read (less the
// punctuation it leaves out), and an incremental reparse gives the same tree as a fresh parse.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateKernel } from '../../bench/language';
import { sdkHeaders } from '../../language';
import { FIELDED_TYPES, LEAF_TYPES, WORD_LEAF_TYPES } from '../../language/parse/grammar-tables';
import type { SyntaxNode } from '../../language/parse/syntax-node';
import { diffTexts, treeEdit } from '../../language/parse/text-edit';
import { TreeReader } from '../../language/parse/tree-reader';
import { sharedParser } from './grammar';
import { mutate, rng } from './mutations';

const ROOT = path.join(__dirname, '..', '..', '..');
const CPP = path.dirname(require.resolve('tree-sitter-cpp/package.json'));

interface GrammarRule {
  type: string;
  content?: GrammarRule;
}

function dump(n: SyntaxNode, skipPunctuation: boolean): string {
  const kids = n.children.filter((c) => !(skipPunctuation && !c.isNamed && !c.fieldName && ['(', ')', '{', '}', ';', ','].includes(c.type)));
  const head = `${n.fieldName ? `${n.fieldName}:` : ''}${n.type}@${n.startIndex}-${n.endIndex}`;
  return kids.length ? `(${head} ${kids.map((k) => dump(k, skipPunctuation)).join(' ')})` : head;
}

function corpus(): string[] {
  const kernels = fs.readdirSync(path.join(ROOT, 'examples', 'kernels')).map((f) => fs.readFileSync(path.join(ROOT, 'examples', 'kernels', f), 'utf8'));
  return [...sdkHeaders().values(), ...kernels, generateKernel(200)].map((t) => t.replace(/^\s*#.*$/gm, ''));
}

describe('language/tree reader', function () {
  this.timeout(60000);

  it('knows which node types have fields and which are single tokens, as tree-sitter-cpp 0.23.4 says', () => {
    const nodeTypes = JSON.parse(fs.readFileSync(path.join(CPP, 'src', 'node-types.json'), 'utf8')) as { type: string; named: boolean; fields?: object }[];
    const fielded = nodeTypes.filter((t) => t.named && t.fields && Object.keys(t.fields).length).map((t) => t.type).sort();
    assert.deepEqual([...FIELDED_TYPES].sort(), fielded);
    const grammar = JSON.parse(fs.readFileSync(path.join(CPP, 'src', 'grammar.json'), 'utf8')) as { rules: Record<string, GrammarRule>; externals: { name: string }[] };
    const terminal = (r: GrammarRule | undefined): boolean => !!r && (['STRING', 'PATTERN', 'TOKEN', 'IMMEDIATE_TOKEN'].includes(r.type) || (r.type.startsWith('PREC') && terminal(r.content)));
    const aliasesOfIdentifier = ['field_identifier', 'type_identifier', 'namespace_identifier', 'statement_identifier'];
    for (const t of LEAF_TYPES) {
      const ok = terminal(grammar.rules[t]) || grammar.externals.some((e) => e.name === t) || aliasesOfIdentifier.includes(t) || ['character', 'string_content'].includes(t);
      assert.ok(ok, `${t} is not a token in grammar.json`);
    }
    for (const t of WORD_LEAF_TYPES) assert.ok(LEAF_TYPES.includes(t), t);
  });

  it('reads error-free trees fast exactly as it reads them exactly, less the punctuation', async () => {
    const p = await sharedParser();
    const reader = new TreeReader(p.language);
    let compared = 0;
    for (const text of corpus()) {
      const tree = p.parse(text);
      if (tree.rootNode.hasError) {
        // (the quirk of `&& = delete` in the SDK: such trees are read exactly anyway)
        tree.delete();
        continue;
      }
      compared++;
      const fast = reader.readWhole(tree, text, { text });
      const exact = exactRead(reader, tree, text);
      tree.delete();
      assert.equal(dump(fast, true), dump(exact, true));
      const visit = (n: SyntaxNode) => {
        if (LEAF_TYPES.includes(n.type)) assert.equal(n.childCount, 0, `${n.type} has children`);
        n.children.forEach(visit);
      };
      visit(exact);
    }
    assert.ok(compared >= 15, `${compared} texts compared`);
  });

  it('parses an edited text incrementally into the tree a fresh parse gives', async () => {
    const p = await sharedParser();
    const reader = new TreeReader(p.language);
    const rand = rng(11);
    let before = generateKernel(80).replace(/^#.*$/gm, '');
    let tree = p.parse(before);
    for (let i = 0; i < 40; i++) {
      const after = mutate(before, rand).text;
      const e = diffTexts(before, after);
      tree.edit(treeEdit(e, before, after));
      const next = p.parse(after, tree);
      tree.delete();
      const fresh = p.parse(after);
      assert.equal(dump(exactRead(reader, next, after), false), dump(exactRead(reader, fresh, after), false), `edit ${i}`);
      fresh.delete();
      tree = next;
      before = after;
    }
    tree.delete();
  });
});

/** The whole tree read with every property asked of tree-sitter (as trees with errors are read). */
function exactRead(reader: TreeReader, tree: import('web-tree-sitter').Tree, text: string): SyntaxNode {
  return (reader as unknown as { readWholeExact(t: unknown, s: string, src: { text: string }): SyntaxNode }).readWholeExact(tree, text, { text });
}
