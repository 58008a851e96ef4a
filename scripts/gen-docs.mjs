// Writes the generated reference pages from the compiled sources in out/ (run `npm run docs`):
// docs/cli.md from the CLI's option declarations, docs/launch-configuration.md from package.json's
// launch configuration schema. test/docs/generated.test.ts checks the committed pages are current.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { cliMarkdown } = require('../out/cli/docs.js');
const { commands } = require('../out/cli/commands/index.js');
const { launchConfigMarkdown } = require('../out/debug-adapter/config-docs.js');

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const dbg = pkg.contributes.debuggers.find((d) => d.type === 'q7');
writeFileSync('docs/cli.md', cliMarkdown(commands));
writeFileSync('docs/launch-configuration.md', launchConfigMarkdown(dbg.type, dbg.configurationAttributes.launch));
