// The list of q7 subcommands; each lives in its own file.
import type { Command } from '../io';

export const commands: Command[] = [];
