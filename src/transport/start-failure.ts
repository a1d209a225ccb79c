/**
 * What a failed agent start means, in Ansible's words: ssh's own failure (exit 255) makes the host
 * UNREACHABLE; a become failure or a missing interpreter fails the task.
 */
import { ConnectionError } from '../core/errors.js';
import type { ExitInfo } from './agent-client.js';
import { AgentStartError, BecomeError } from './transport-errors.js';
import { localUnreadableStart, unreadableStart } from './unreadable-start.js';
import type { ConnectionSpec } from '../run/transport.js';

/** The users 2.19 counts as privileged logins (its `admin_users` default). */
const ADMIN_USERS: ReadonlySet<string> = new Set(['root', 'toor']);

/**
 * `via` is 'ssh' for the ssh connection (its exit 255 means unreachable), undefined for local;
 * `loginUser` the user the connection logs in as; `spec` the ssh connection's, whose other
 * failures are what 2.19 reads back from its tty (unreadable-start.ts); `localInterpreter` the
 * local connection's, whose other failures 2.19 reads back from the module's own output.
 */
export function startFailure(
  info: ExitInfo,
  via: 'ssh' | undefined,
  loginUser?: string,
  spec?: ConnectionSpec,
  localInterpreter?: { path: string | undefined },
): Error {
  const stderr = info.stderr;
  if (info.spawnError !== undefined) {
    const err = info.spawnError as NodeJS.ErrnoException;
    if (via === 'ssh') return new ConnectionError('UNREACHABLE', `Failed to connect to the host via ssh: ${err.message}`, { cause: err });
    return new AgentStartError(`Failed to start the agent: ${err.message}`, { rc: null, stdout: '', stderr: '' });
  }
  if (info.timedOut) {
    if (via === 'ssh') {
      const detail = stderr.trim() || 'Connection timed out during banner exchange';
      return new ConnectionError('UNREACHABLE', `Failed to connect to the host via ssh: ${detail}`);
    }
    return new AgentStartError('Timed out waiting for the agent to start', { rc: null, stdout: info.stdout, stderr });
  }
  if (via === 'ssh' && info.code === 255) {
    return new ConnectionError('UNREACHABLE', `Failed to connect to the host via ssh: ${stderr.trimEnd()}`);
  }
  const password = passwordFailure(stderr);
  if (password !== undefined) return password;
  const rc = info.code;
  const chown = chownFailure(info, loginUser);
  if (chown !== undefined) return chown;
  if (via === 'ssh' && spec !== undefined) return unreadableStart(info, spec);
  if (via === undefined && localInterpreter !== undefined) return localUnreadableStart(info, localInterpreter.path);
  return new AgentStartError(`MODULE FAILURE: the agent did not start (rc=${rc === null ? 'none' : rc}): ${stderr.trim() || info.stdout.trim()}`, {
    rc,
    stdout: info.stdout,
    stderr,
  });
}

/**
 * A password sudo or su asked for and did not get, or refused, in the ssh plugin's words (2.19.11's
 * local plugin has its own, 'Duplicate become password prompt …', not measurable without sudo).
 */
function passwordFailure(stderr: string): BecomeError | undefined {
  if (/a (terminal|password) is required|no tty present/.test(stderr)) return new BecomeError('Missing sudo password');
  if (/incorrect password|Sorry, try again|Authentication failure/i.test(stderr)) {
    // su prints its failure after its own prompt, on the same line ("Password: su: Authentication failure").
    return new BecomeError(/(^|\s)su: /m.test(stderr) ? 'Incorrect su password' : 'Incorrect sudo password');
  }
  return undefined;
}

/**
 * NOTE: 2.19 hands an unprivileged become user the module's files (chown) before sudo or su runs;
 * for a user that does not exist that fails first, and from a privileged login it says so.
 */
function chownFailure(info: ExitInfo, loginUser: string | undefined): AgentStartError | undefined {
  if (loginUser === undefined || !ADMIN_USERS.has(loginUser) || !/^sudo: unknown user|^su: user \S+ does not exist/m.test(info.stderr)) return undefined;
  return new AgentStartError(
    'Failed to change ownership of the temporary files Ansible (via chmod nor setfacl) needs to create despite connecting as a privileged user. Unprivileged become user would be unable to read the file.',
    { rc: info.code, stdout: info.stdout, stderr: info.stderr },
  );
}

/**
 * The local connection's become program ended before its success marker (sudo missing or
 * refusing, su to a nologin account …): 2.19.11's local plugin reports what it printed.
 */
export function localBecomeFailure(info: ExitInfo, passwordExpected: boolean, loginUser: string): Error {
  const chown = chownFailure(info, loginUser) ?? passwordFailure(info.stderr);
  if (chown !== undefined) return chown;
  let message = `Premature end of stream waiting for become success${passwordExpected ? ' or become password prompt' : ''}.`;
  if (info.stdout) message += `\n>>> Standard Output\n${info.stdout}`;
  if (info.stderr) message += `\n>>> Standard Error\n${info.stderr}`;
  return new AgentStartError(message.trimEnd(), { rc: info.code, stdout: info.stdout, stderr: info.stderr });
}
