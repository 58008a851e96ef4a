// The compiler completes nothing: the front-end hands it a unit whose reachable bodies, classes,
// default arguments and initialisers are complete (`Frontend.handOver`, language/sema/hand-over.ts),
// and it reads that unit (`CompleteUnit`) without asking for more. No file of compiler/ names the
// lazily completing `SemanticModel` or calls one of its methods, or a method of the model's
// declarations that completes on demand (`ClassDecl.require`). The forbidden names are read from
// those classes, so a new completing method is forbidden as soon as it exists. ARCHITECTURE.md ›
// "The compiler builds what the front-end accepts".

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ROOT } from './imports';
import { sourceFiles } from './faces-graph';

/** The public methods of class `name` in `file` (all of them, or those whose body mentions `mentions`). */
export function classMethods(file: string, text: string, name: string, mentions?: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isClassDeclaration(st) || st.name?.text !== name) continue;
    for (const m of st.members) {
      if (!ts.isMethodDeclaration(m) || !ts.isIdentifier(m.name)) continue;
      if (m.modifiers?.some((k) => k.kind === ts.SyntaxKind.PrivateKeyword)) continue;
      if (mentions && !m.body?.getText(sf).includes(mentions)) continue;
      out.push(m.name.text);
    }
  }
  return out;
}

/** Where `text` calls a method named in `methods` (`x.name(…)`) or names `type`, one line each (`file:line name`). */
export function completingUses(file: string, text: string, methods: ReadonlySet<string>, type: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && methods.has(n.expression.name.text)) out.push(`${at(n)} .${n.expression.name.text}()`);
    else if (ts.isIdentifier(n) && n.text === type) out.push(`${at(n)} ${type}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('architecture: the compiler completes nothing', () => {
  const modelMethods = classMethods('language/sema/semantic-model.ts', read('language/sema/semantic-model.ts'), 'SemanticModel');
  const declMethods = classMethods('language/model/declarations.ts', read('language/model/declarations.ts'), 'ClassDecl', 'pending');
  const completing = new Set([...modelMethods, ...declMethods]);

  it('finds the completing methods (the lazy model\'s queries, ClassDecl.require)', () => {
    for (const m of ['analyse', 'defaultArgument', 'memberInitialiser', 'variableDefinition', 'classLayout', 'completeForCompiler']) assert.ok(modelMethods.includes(m), m);
    assert.deepEqual(declMethods, ['require']);
  });

  it('the unit handed over reads under names of its own (none of them completes)', () => {
    const reads = classMethods('language/sema/complete-unit.ts', read('language/sema/complete-unit.ts'), 'CompleteUnit');
    assert.ok(reads.includes('bodyOf') && reads.includes('layoutOf'), reads.join(', '));
    assert.deepEqual(reads.filter((m) => completing.has(m)), []);
  });

  it('no file of compiler/ names SemanticModel or calls a completing method', () => {
    const bad = sourceFiles(['compiler']).flatMap((file) => completingUses(file, read(file), completing, 'SemanticModel'));
    assert.deepEqual(bad, [], `read the unit the front-end handed over (CompleteUnit: bodyOf, defaultArgumentOf, memberInitialiserOf, definitionOf, layoutOf, sizeAlignOf; isCompleteClass), and complete what is missing in language/sema/hand-over.ts:\n  ${bad.join('\n  ')}`);
  });

  it('reports a completing call and the lazy model named (and not the hand-over\'s reads)', () => {
    const text = [
      "import type { SemanticModel } from '../../language';",
      'export function f(model: SemanticModel, u: CompleteUnit, cls: ClassDecl, fn: FunctionDecl) {',
      '  u.bodyOf(fn); u.layoutOf(cls);',
      '  model.analyse(fn);',
      '  cls.require();',
      '}',
    ].join('\n');
    assert.deepEqual(completingUses('compiler/lower/x.ts', text, completing, 'SemanticModel'), [
      'compiler/lower/x.ts:1 SemanticModel',
      'compiler/lower/x.ts:2 SemanticModel',
      'compiler/lower/x.ts:4 .analyse()',
      'compiler/lower/x.ts:5 .require()',
    ]);
  });
});
