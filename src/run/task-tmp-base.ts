import { homedir, userInfo } from 'node:os';
import type { ConnectionSpec } from './transport.js';

/** The sh shell plugin's remote_tmp unless ansible_remote_tmp or [defaults] remote_tmp says otherwise. */
export const DEFAULT_REMOTE_TMP = '~/.ansible/tmp';

/** 2.19's shell option admin_users: becoming one of them (or the login user) is not "unprivileged". */
const ADMIN_USERS: readonly string[] = ['root', 'toor'];

/** The remote_tmp a host's shell and modules are given (`_ansible_remote_tmp`), unexpanded. */
export function remoteTmp(spec: ConnectionSpec | undefined): string {
  return spec?.remoteTmp ?? DEFAULT_REMOTE_TMP;
}

/**
 * The folder 2.19 makes a task's remote temp folder in (ActionBase._make_tmp_path): remote_tmp
 * expanded as the login user, whoever the task becomes; system_tmpdirs' first (/var/tmp) when the
 * task becomes an unprivileged user, so that user can read what the login user uploaded. With
 * `forHost`, a remote login user's `~` is left as `~user` for the host to expand, as only the
 * host knows that user's home; else (the controller's own display of it) NOTE: the home is
 * guessed from the user's name.
 */
export function taskTmpBase(spec: ConnectionSpec | undefined, forHost = false): string {
  const login = spec?.connection === 'local' ? userInfo().username : (spec?.user ?? userInfo().username);
  const becomeUser = spec?.become?.user;
  if (becomeUser && !ADMIN_USERS.includes(becomeUser) && becomeUser !== login) return '/var/tmp';
  const configured = remoteTmp(spec);
  if (configured !== '~' && !configured.startsWith('~/')) return configured;
  const rest = configured.slice(1);
  if (spec?.connection === 'local') return `${homedir()}${rest}`;
  if (forHost) return `~${login}${rest}`;
  return `${login === 'root' ? '/root' : `/home/${login}`}${rest}`;
}

/**
 * Whether 2.19 hands a module the task's temp folder (ActionBase._update_module_args): only with
 * pipelining off, and never to an unprivileged become user (`_ansible_tmpdir` None), who could not
 * write the login user's folder: such a module makes its own under remote_tmp.
 */
export function moduleGetsTaskTmp(spec: ConnectionSpec | undefined): boolean {
  return spec?.pipelining !== true && taskTmpBase(spec) !== '/var/tmp';
}
