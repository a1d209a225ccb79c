/**
 * Privilege escalation: wraps a shell command line in sudo or su as Ansible's become plugins do.
 * A password never goes on a command line: sudo reads it from stdin after printing `prompt`.
 */
import { randomBytes } from 'node:crypto';
import type { BecomeSpec } from '../run/transport.js';
import { shellQuote } from './shell-quote.js';

export interface BecomeCommand {
  readonly command: string;
  /** When a password is to be sent: the prompt to wait for on stderr. */
  readonly prompt?: string;
}

export function becomeCommand(become: BecomeSpec, command: string): BecomeCommand {
  const method = become.method || 'sudo';
  const user = become.user || 'root';
  if (method === 'sudo') {
    let flags = become.flags ?? '-H -S -n';
    const exe = become.exe ?? 'sudo';
    if (become.password !== undefined) {
      // NOTE: as Ansible, drop -n (non-interactive) when a password will be given.
      flags = flags.replace(/(^|\s)-n(?=\s|$)/, '$1').replace(/\s+/g, ' ').trim();
      const prompt = `[sudo via volant, key=${randomBytes(16).toString('hex')}] password:`;
      return { command: `${exe} ${flags} -p "${prompt}" -u ${user} /bin/sh -c ${shellQuote(command)}`, prompt };
    }
    return { command: `${exe} ${flags} -u ${user} /bin/sh -c ${shellQuote(command)}` };
  }
  if (method === 'su') {
    const exe = become.exe ?? 'su';
    const flags = become.flags ?? '';
    return { command: `${exe}${flags ? ' ' + flags : ''} ${shellQuote(user)} -c ${shellQuote(command)}` };
  }
  throw new Error(`volant: become method '${method}' is not supported`);
}
