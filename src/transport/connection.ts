/**
 * How a transport reaches a host: it spawns processes there (the agent, or a raw command) and
 * words failures as Ansible does. `local-connection.ts` and `ssh-connection.ts` implement it.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ExitInfo } from './agent-client.js';

export interface SpawnOptions {
  /** Allocate a terminal on the host (ssh -tt), as Ansible's raw module does. */
  readonly tty?: boolean;
  /** Hand the command line to the remote login shell as is (raw), not wrapped in `/bin/sh -c`. */
  readonly asIs?: boolean;
}

export interface Connection {
  /** Work to finish before the first spawn (ssh: probing the client for its options). */
  prepare?(): Promise<void>;
  /** Runs a POSIX shell command line on the host; stdin/stdout/stderr are the process's pipes. */
  spawnShell(command: string, options?: SpawnOptions): ChildProcessWithoutNullStreams;
  /**
   * The program and arguments that run `command` on the host, when another process may start
   * them with the controller's environment (a BatchLauncher); undefined: spawnShell must.
   */
  launchArgv?(command: string): { file: string; args: string[] } | undefined;
  /**
   * The error for a process that ended before the agent said hello (ConnectionError when
   * unreachable); `becomePassword` is set when become wrapped it: whether a password was to be given.
   */
  startFailed(info: ExitInfo, becomePassword?: boolean): Error;
  /** The error for an agent that went away with requests in flight. */
  lost(info: ExitInfo): Error;
  /** Ends what the connection keeps open (the ssh master). */
  close(): Promise<void>;
  /** As close, at the end of a run whose agents were let go (see SshConnection.finish); default close. */
  finish?(): Promise<void>;
}
