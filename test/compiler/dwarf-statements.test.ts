// The DWARF line table maps every statement of the example kernels: each statement of a function body
// that tree-sitter finds in the user's file (expression statements, declarations, returns, the headers
// of loops, `if` and `switch`, `break`/`continue`) has at least one line-table row at its line, at -O0
// and at -O1. The rows are read back with debuginfo/ (checked against binutils in objdump-source).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { readElfLineTable, sourceRows } from '../../debuginfo';
import { sharedParser } from '../language/grammar';
import { compileSource } from './harness';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

const STATEMENTS = [
  'expression_statement', 'declaration', 'return_statement', 'for_statement', 'for_range_loop', 'while_statement',
  'do_statement', 'if_statement', 'switch_statement', 'break_statement', 'continue_statement',
];

/** The line (1-based) where a statement's code is: its start, or the condition of a `do … while`. */
function statementLine(n: Node): number {
  const at = n.type === 'do_statement' ? (n.childForFieldName('condition') ?? n) : n;
  return at.startPosition.row + 1;
}

/** The statements inside function bodies, as `line: text`. */
async function statementsOf(source: string): Promise<Map<number, string>> {
  const tree = (await sharedParser()).parse(source);
  const out = new Map<number, string>();
  for (const fn of tree.rootNode.descendantsOfType('function_definition')) {
    const body = fn?.childForFieldName('body');
    if (!body) continue;
    for (const s of body.descendantsOfType(STATEMENTS)) {
      if (s) out.set(statementLine(s), s.text.split('\n')[0]);
    }
  }
  tree.delete();
  return out;
}

describe('compiler DWARF: the line table maps every statement of the examples', function () {
  this.timeout(120_000);
  const examples = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.cpp')).sort();

  for (const file of examples) {
    for (const optimize of [0, 1] as const) {
      it(`${file} -O${optimize}`, async () => {
        const source = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
        const name = `/examples/${file}`;
        const r = await compileSource(source, name, { optimize });
        assert.deepEqual(r.diagnostics, []);
        const rows = sourceRows(readElfLineTable(r.image!)!).filter((x) => x.file === name && !x.endSequence);
        const covered = new Set(rows.map((x) => x.line));
        const statements = await statementsOf(source);
        assert.ok(statements.size >= 4, `${file}: ${statements.size} statements found`);
        const missing = [...statements].filter(([line]) => !covered.has(line)).map(([line, text]) => `${line}: ${text}`);
        assert.deepEqual(missing, [], `${file} -O${optimize}: statements without a line-table row`);
      });
    }
  }
});
