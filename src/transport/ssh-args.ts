/**
 * The ssh command line, built as Ansible's ssh connection plugin builds it (same options, same
 * order), so users' ssh config, keys and agents behave the same.
 */
import type { ConnectionSpec } from '../run/transport.js';
import { shellSplit } from './shell-quote.js';

/** ansible-core's default `ssh_args`. */
export const ANSIBLE_SSH_ARGS = '-C -o ControlMaster=auto -o ControlPersist=60s';

/**
 * Volant's `ssh_args` when none are set: the agent's own ssh is the master (no ControlPersist), and
 * no `-C`.
 *
 * NOTE: measured on ssh20 (cgroup CPU, see bench/README.md): with ControlPersist every frame of
 * the agent also crosses a mux client and the master's socket (~0.1 s of CPU per run), and `-C`
 * deflates every packet on both ends (~0.17 s). Volant sends its code once per host, compressed
 * by itself (bootstrap.ts, frame-codec.ts), and its task frames are small. Other ssh sessions to
 * the host (raw, a second become user) still go through the agent's master while it lives.
 */
export const VOLANT_SSH_ARGS = '-o ControlMaster=auto';

/** The options before the host name: everything but the command (and without `-tt`). */
export function sshOptions(spec: ConnectionSpec, controlPath: string): string[] {
  const args: string[] = [];
  args.push(...shellSplit(spec.sshArgs ?? VOLANT_SSH_ARGS));
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
  // NOTE: Ansible adds ControlPath only when ControlPersist is in the options and no ControlPath
  // is; Volant's own default has a master without ControlPersist.
  const given = args.join(' ');
  const master = spec.sshArgs === undefined || /ControlPersist/i.test(given);
  if (master && !/ControlPath/i.test(given)) args.push('-o', `ControlPath="${controlPath}"`);
  // 2.19 passes passwords through SSH_ASKPASS and always limits ssh to one prompt.
  args.push('-o', 'NumberOfPasswordPrompts=1');
  return args;
}

/** ssh's host argument (IPv6 addresses as is; ssh takes them bare). */
export function sshHost(spec: ConnectionSpec): string {
  return spec.address;
}
