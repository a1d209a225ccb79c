import type { ConnectionSpec } from './transport.js';

/**
 * Whether 2.19 runs a task's module under a terminal: its ssh connection adds `-tt` to every
 * command it runs without input, so without pipelining (the default) the module gets a pty on
 * the host (SSH_TTY and the controller's TERM in its environment, stdin a tty on which a read
 * waits), unless `ansible_ssh_use_tty` is off. Pipelined modules read their code from stdin: no tty.
 */
export function modulesUnderTty(spec: ConnectionSpec): boolean {
  return (spec.connection === 'ssh' || spec.connection === 'smart') && spec.pipelining !== true && spec.useTty !== false;
}
