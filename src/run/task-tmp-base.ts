import { homedir, userInfo } from 'node:os';
import type { ConnectionSpec } from './transport.js';

/** 2.19's shell option admin_users: becoming one of them (or the login user) is not "unprivileged". */
const ADMIN_USERS: readonly string[] = ['root', 'toor'];

/**
 * The folder 2.19 makes a task's remote temp folder in (ActionBase._make_tmp_path): remote_tmp
 * (~/.ansible/tmp) expanded as the login user, whoever the task becomes; system_tmpdirs' first
 * (/var/tmp) when the task becomes an unprivileged user, so that user can read what the login user
 * uploaded. With `forHost`, a remote login user's folder is left as `~user/…` for the host to
 * expand, as only the host knows that user's home; else (the controller's own display of it)
 * NOTE: the home is guessed from the user's name.
 */
export function taskTmpBase(spec: ConnectionSpec | undefined, forHost = false): string {
  const login = spec?.connection === 'local' ? userInfo().username : (spec?.user ?? userInfo().username);
  const becomeUser = spec?.become?.user;
  if (becomeUser && !ADMIN_USERS.includes(becomeUser) && becomeUser !== login) return '/var/tmp';
  if (spec?.connection === 'local') return `${homedir()}/.ansible/tmp`;
  if (forHost) return `~${login}/.ansible/tmp`;
  return `${login === 'root' ? '/root' : `/home/${login}`}/.ansible/tmp`;
}
