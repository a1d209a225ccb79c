import { userInfo } from 'node:os';

/** The name of the user owning a file (`pwd.getpwuid(st_uid).pw_name`), or the uid when it is not ours. */
export function ownerName(uid: number): string {
  try {
    const me = userInfo();
    return me.uid === uid ? me.username : String(uid);
  } catch {
    return String(uid);
  }
}
