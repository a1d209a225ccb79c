import type { ConnectionSpec } from '../run/transport.js';

/**
 * How a spec reaches its host: a later play's (or task's) other ansible_user, port, key or
 * interpreter is another connection, as under 2.19, which connects with each task's variables.
 * Starts with the host's name, so reset() finds them all.
 */
export function connectionIdentity(spec: ConnectionSpec): string {
  return [spec.host, spec.connection, spec.address, spec.port ?? '', spec.user ?? '', spec.privateKeyFile ?? '', spec.pythonInterpreter ?? '', spec.sshCommonArgs ?? '', spec.sshExtraArgs ?? '', spec.sshArgs ?? ''].join('\0');
}
