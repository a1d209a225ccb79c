/**
 * The ssh command line, built as Ansible's ssh connection plugin builds it (same options, same
 * order), so users' ssh config, keys and agents behave the same.
 */
import type { ConnectionSpec } from '../run/transport.js';
import { shellSplit } from './shell-quote.js';

/** Ansible's default `ssh_args`. */
export const DEFAULT_SSH_ARGS = '-C -o ControlMaster=auto -o ControlPersist=60s';

/** The options before the host name: everything but the command (and without `-tt`). */
export function sshOptions(spec: ConnectionSpec, controlPath: string): string[] {
  const args: string[] = [];
  const sshArgs = spec.sshArgs ?? DEFAULT_SSH_ARGS;
  args.push(...shellSplit(sshArgs));
  if (!spec.hostKeyChecking) args.push('-o', 'StrictHostKeyChecking=no');
  if (spec.port !== undefined) args.push('-o', `Port=${spec.port}`);
  if (spec.privateKeyFile !== undefined) args.push('-o', `IdentityFile="${spec.privateKeyFile}"`);
  if (spec.password === undefined) {
    args.push(
      '-o',
      'KbdInteractiveAuthentication=no',
      '-o',
      'PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey',
      '-o',
      'PasswordAuthentication=no',
    );
  }
  if (spec.user !== undefined) args.push('-o', `User="${spec.user}"`);
  args.push('-o', `ConnectTimeout=${spec.timeout}`);
  if (spec.sshCommonArgs) args.push(...shellSplit(spec.sshCommonArgs));
  if (spec.sshExtraArgs) args.push(...shellSplit(spec.sshExtraArgs));
  // NOTE: Ansible adds ControlPath only when ControlPersist is in the options and no ControlPath is.
  const given = args.join(' ');
  if (/ControlPersist/i.test(given) && !/ControlPath/i.test(given)) args.push('-o', `ControlPath="${controlPath}"`);
  // 2.19 passes passwords through SSH_ASKPASS and always limits ssh to one prompt.
  args.push('-o', 'NumberOfPasswordPrompts=1');
  return args;
}

/** ssh's host argument (IPv6 addresses as is; ssh takes them bare). */
export function sshHost(spec: ConnectionSpec): string {
  return spec.address;
}
