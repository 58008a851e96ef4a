// The domain check interface (one rule, run per function body or per file, over the checks' contexts),
// and the shapes a check produces and consumes (shapes.ts), re-exported for the checks.

import type { CheckCode } from '../diagnostic-codes';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';

export type { CheckDiagnostic, CheckOptions, CoherencePolicy, Fix, Note, TextEdit } from './shapes';

/**
 * One domain check: a code such as `Q7-A001`, a short name, and the rule it enforces. Most rules look
 * at one function body at a time (`runFunction`, whose results are reused while the body is unchanged);
 * rules across functions use `runFile`.
 */
export interface Check {
  readonly code: CheckCode;
  readonly name: string;
  readonly summary: string;
  runFunction?(ctx: FileContext, fc: FunctionContext): void;
  runFile?(ctx: FileContext): void;
}
