/**
 * Privilege escalation: wraps a shell command line in sudo or su as Ansible's become plugins do.
 * A password never goes on a command line: sudo and su read it from stdin after their prompt.
 */
import { randomBytes } from 'node:crypto';
import type { BecomeSpec } from '../run/transport.js';
import { shellQuote } from './shell-quote.js';

export interface BecomeCommand {
  readonly command: string;
  /** When a password is to be sent: the prompt to wait for on stderr. */
  readonly prompt?: string | RegExp;
}

/**
 * su's prompt in the languages Ansible's su plugin knows most often ("Password: ", "root's
 * Password:", "Passwort: " …); su has no option to choose its own.
 */
const SU_PROMPT = /(\w+'s )?(Password|Passwort|Mot de passe|Contraseña|Senha|Wachtwoord|Lösenord|Hasło|Parola|Heslo|Пароль|密码|密碼|パスワード|암호) ?(:|：) ?$/m;

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
    const line = `${exe}${flags ? ' ' + flags : ''} ${shellQuote(user)} -c ${shellQuote(command)}`;
    // NOTE: without a terminal, su prints its prompt on stderr and reads the password from stdin.
    return become.password === undefined ? { command: line } : { command: line, prompt: SU_PROMPT };
  }
  // NOTE: runas is a builtin plugin (Windows) Volant lacks; any other name finds no plugin in 2.19.
  if (method === 'runas') throw new Error(`volant: become method '${method}' is not supported`);
  throw new Error(`Invalid become method specified, could not find matching plugin: '${method}'. Use \`ansible-doc -t become -l\` to list available plugins.`);
}

/** The become program has asked for the password: `prompt` appears in `text` (its output so far). */
export function promptSeen(prompt: BecomeCommand['prompt'], text: string): boolean {
  if (prompt === undefined) return false;
  return typeof prompt === 'string' ? text.includes(prompt) : prompt.test(text);
}
