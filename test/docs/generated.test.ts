// The generated reference pages are current: docs/cli.md is what the CLI's option declarations render
// and docs/launch-configuration.md what package.json's launch schema renders (`npm run docs` writes
// both); and the debug adapter's launch-config checker and that schema know the same fields.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commands } from '../../cli/commands';
import { cliMarkdown } from '../../cli/docs';
import { launchConfigMarkdown, typeText, type SchemaNode } from '../../debug-adapter/config-docs';
import { FIELDS } from '../../debug-adapter/config';

const ROOT = path.resolve(__dirname, '../../..');
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), 'utf8');
const pkg = JSON.parse(read('package.json'));
const debuggerEntry = pkg.contributes.debuggers.find((d: { type: string }) => d.type === 'q7');
const launch: SchemaNode = debuggerEntry.configurationAttributes.launch;

/** The first differing line, to say where a page is stale. */
function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const k = x.findIndex((l, i) => l !== y[i]);
  return `line ${k + 1}:\n  committed: ${x[k] ?? '(end)'}\n  generated: ${y[k] ?? '(end)'}`;
}

function assertCurrent(file: string, generated: string): void {
  const committed = read(file);
  if (committed !== generated) assert.fail(`${file} is out of date: run \`npm run docs\` and commit it (${firstDifference(committed, generated)})`);
}

describe('generated docs', () => {
  it('docs/cli.md is what the option declarations render (npm run docs)', () => {
    assertCurrent('docs/cli.md', cliMarkdown(commands));
  });

  it('docs/launch-configuration.md is what package.json\'s launch schema renders (npm run docs)', () => {
    assertCurrent('docs/launch-configuration.md', launchConfigMarkdown('q7', launch));
  });

  it('docs/cli.md names every command and every declared option', () => {
    const page = cliMarkdown(commands);
    for (const c of commands) {
      assert.ok(page.includes(`## q7 ${c.spec.name}\n`), c.spec.name);
      for (const o of Object.values(c.spec.options)) assert.ok(page.includes(o.name), `${c.spec.name} ${o.name}`);
    }
  });

  it('docs/launch-configuration.md has a row per schema field with its type, default and choices', () => {
    const page = launchConfigMarkdown('q7', launch);
    for (const [name, n] of Object.entries(launch.properties ?? {})) {
      const row = page.split('\n').find((l) => l.startsWith(`| \`${name}\``));
      assert.ok(row, `no row for ${name}`);
      assert.ok(row.includes(typeText(n).replace(/\|/g, '\\|')), `${name}: type`);
      if (n.default !== undefined) assert.ok(row.includes(JSON.stringify(n.default)), `${name}: default`);
      for (const c of n.enum ?? n.items?.enum ?? []) assert.ok(row.includes(`\`${JSON.stringify(c)}\``), `${name}: choice ${c}`);
    }
    assert.equal(typeText({ type: 'integer', minimum: 1, maximum: 64 }), 'integer 1..64');
    assert.equal(typeText({ type: 'array', items: { type: 'string' } }), 'array of string');
  });
});

describe('launch configuration: checker and schema agree', () => {
  it('every field the checker accepts is in the schema, and every schema field is checked', () => {
    const schema = new Set(Object.keys(launch.properties ?? {}));
    const onlyChecker = [...FIELDS].filter((f) => !schema.has(f));
    const onlySchema = [...schema].filter((f) => !FIELDS.has(f));
    assert.deepEqual(
      { onlyChecker, onlySchema },
      { onlyChecker: [], onlySchema: [] },
      `fields in debug-adapter/config.ts but not in package.json's schema: ${onlyChecker.join(', ') || 'none'}; ` +
        `in the schema but not checked by debug-adapter/config.ts: ${onlySchema.join(', ') || 'none'}`,
    );
  });

  it('the schema requires only fields it declares', () => {
    for (const r of launch.required ?? []) assert.ok(launch.properties?.[r], `required field ${r} is not declared`);
  });
});
