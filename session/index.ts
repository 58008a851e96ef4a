// Public API of session/: the launch layer shared by `q7 run`, the benchmarks and the debug adapter.

export { KernelSession } from './session';
export { defaultInstructionLimit } from './limits';
export type { SessionHooks, SessionOptions, SessionResult } from './session';
export type { BuildShape, RegisteredOutput, ShapeProgram, ShapeRegistration } from './shape';
export { SessionError } from './errors';
export { marshalArgs, loadTensor, isTensorType, tensorSpecOf } from './arguments';
export type { ArgValue, GeneratedTensors, ReadFile, TensorArgObject } from './arguments';
export { kernelFunction } from './kernel';
export type { KernelEntry } from './kernel';
export { deviceSymbols, readDebugInfo } from './symbols';
export { formatReport } from './report';
export { lineMap, resolveLine, sameFile } from './lines';
export { ProgramSession, isKernelImage, isAssemblySource, exitStatus, endMessage, EXIT_LIMIT, EXIT_BREAK, EXIT_HALT } from './program';
export { assembleProgram, ASM_BASE } from './assemble';
export type { ProgramOptions, ProgramStop, ProgramState } from './program';
export { History, DEFAULT_SNAPSHOT_INTERVAL, DEFAULT_MAX_SNAPSHOTS } from './history';
export type { HistoryOptions, Hit, ReverseStop, ReverseContinueOptions, Recordable, RecordedSnapshot } from './history';
export { ProgramRecord, programSnapshotBytes } from './program-record';
export type { ProgramSnapshot, ExceptionFault } from './program-record';
export { buildKernelSource, kernelDefines } from './build';
export type { KernelBuildOptions } from './build';
export { buildKernelSourceLazily, DEFAULT_LAUNCH_BUILD } from './build';
