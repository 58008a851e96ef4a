// The one error type of session/: bad input (a launch configuration field, an argument, a tensor
// file, an image without a kernel). Its message names the field, file or argument and the cause;
// front ends print it as is (the CLI exits with status 2, the debug adapter answers with an error).

export class SessionError extends Error {
  constructor(
    message: string,
    /** The launch-configuration field at fault, when there is one (e.g. "args[1].shape"). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}
