// The list of q7 subcommands; each lives in its own file.
import type { Command } from '../io';
import { asCommand } from './as';
import { objdumpCommand } from './objdump';
import { checkCommand } from './check';
import { runCommand } from './run';
import { buildCommand } from './build';
import { lspCommand } from './lsp';
import { explainCommand } from './explain';
import { dapCommand } from './dap';

export const commands: Command[] = [asCommand, objdumpCommand, checkCommand, runCommand, buildCommand, explainCommand, lspCommand, dapCommand];
