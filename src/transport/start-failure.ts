/**
 * What a failed agent start means, in Ansible's words: ssh's own failure (exit 255) makes the host
 * UNREACHABLE; a become failure or a missing interpreter fails the task.
 */
import { ConnectionError } from '../core/errors.js';
import type { ExitInfo } from './agent-client.js';
import { AgentStartError, BecomeError } from './transport-errors.js';

/** `via` is 'ssh' for the ssh connection (its exit 255 means unreachable), undefined for local. */
export function startFailure(info: ExitInfo, via: 'ssh' | undefined): Error {
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
  if (/a (terminal|password) is required|no tty present/.test(stderr)) return new BecomeError('Missing sudo password');
  if (/incorrect password|Sorry, try again|Authentication failure/i.test(stderr)) {
    // su prints its failure after its own prompt, on the same line ("Password: su: Authentication failure").
    return new BecomeError(/(^|\s)su: /m.test(stderr) ? 'Incorrect su password' : 'Incorrect sudo password');
  }
  const rc = info.code;
  return new AgentStartError(`MODULE FAILURE: the agent did not start (rc=${rc === null ? 'none' : rc}): ${stderr.trim() || info.stdout.trim()}`, {
    rc,
    stdout: info.stdout,
    stderr,
  });
}
