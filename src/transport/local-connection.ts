/** The `local` connection: processes on the controller itself. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { userInfo } from 'node:os';
import type { Connection } from './connection.js';
import type { ExitInfo } from './agent-client.js';
import { AgentLostError } from './transport-errors.js';
import { localBecomeFailure, startFailure } from './start-failure.js';

export class LocalConnection implements Connection {
  /** `interpreter` is the host's ansible_python_interpreter, named when it is not there. */
  constructor(
    readonly host: string,
    private readonly interpreter?: string,
  ) {}

  spawnShell(command: string): ChildProcessWithoutNullStreams {
    const { file, args } = this.launchArgv(command);
    return spawn(file, args, { stdio: 'pipe' });
  }

  launchArgv(command: string): { file: string; args: string[] } {
    return { file: '/bin/sh', args: ['-c', command] };
  }

  startFailed(info: ExitInfo, becomePassword?: boolean): Error {
    if (info.becomePending && becomePassword !== undefined) return localBecomeFailure(info, becomePassword, userInfo().username);
    return startFailure(info, undefined, userInfo().username, undefined, { path: this.interpreter });
  }

  lost(info: ExitInfo): Error {
    return new AgentLostError(`The agent on ${this.host} exited unexpectedly${describeExit(info)}`);
  }

  async close(): Promise<void> {
    // nothing kept open
  }
}

export function describeExit(info: ExitInfo): string {
  if (info.signal) return ` (signal ${info.signal})`;
  if (info.code !== null) return ` (exit code ${info.code})`;
  return '';
}
