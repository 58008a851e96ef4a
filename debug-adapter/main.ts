// Entry point of the bundled adapter (dist/dap.js; VS Code starts it with node): DAP on stdio.
import { runDebugAdapter } from './stdio';

void runDebugAdapter();
