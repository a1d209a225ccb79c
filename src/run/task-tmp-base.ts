import { homedir, userInfo } from 'node:os';
import type { ConnectionSpec } from './transport.js';

/** 2.19's shell option admin_users: becoming one of them (or the login user) is not "unprivileged". */
const ADMIN_USERS: readonly string[] = ['root', 'toor'];

/**
 * The folder 2.19 makes a task's remote temp folder in (ActionBase._make_tmp_path): remote_tmp
 * (~/.ansible/tmp) expanded as the login user, whoever the task becomes; system_tmpdirs' first
 * (/var/tmp) when the task becomes an unprivileged user, so that user can read what the login user
 * uploaded. NOTE: a remote login user's home is guessed from its name.
 */
export function taskTmpBase(spec: ConnectionSpec | undefined): string {
  const login = spec?.connection === 'local' ? userInfo().username : (spec?.user ?? userInfo().username);
  const becomeUser = spec?.become?.user;
  if (becomeUser && !ADMIN_USERS.includes(becomeUser) && becomeUser !== login) return '/var/tmp';
  const home = spec?.connection === 'local' ? homedir() : login === 'root' ? '/root' : `/home/${login}`;
  return `${home}/.ansible/tmp`;
}
