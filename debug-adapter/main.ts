// The debug adapter's bundle (dist/dap-main.js), run by the loader dist/dap.js (debug-adapter/start.ts)
// through V8's code cache: DAP on stdio. From tsc output, `node out/debug-adapter/main.js` serves directly.
import { runDebugAdapter } from './stdio';

export { runDebugAdapter };

if (require.main === module) void runDebugAdapter();
