/**
 * The user stopped the run at a prompt (the debugger's `q`, or the end of its input): ansible
 * exits at once with 99, as after Ctrl+C, without the recap.
 */
export class RunAborted extends Error {
  readonly exitCode = 99;

  constructor() {
    super('User interrupted execution');
  }
}
