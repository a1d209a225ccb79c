import type { DataDict } from '../core/data.js';
import type { ActionContext } from '../run/action.js';

/**
 * The permission bits of the controller file 2.19's copy family uploads for its module: mkstemp's
 * 0600 for a temp file it writes (content, a decrypted vault file, assembled fragments), the
 * controller umask's for the template it renders into a new file, the user's file's own otherwise.
 */
export const TEMP_FILE_MODE = 0o600;

/** The mode of a new file the controller writes (open(…, 'wb') under its umask): the rendered template. */
export function newFileMode(): number {
  return 0o666 & ~process.umask();
}

/**
 * NOTE: over ssh, 2.19 sends the file with sftp, which creates it with the controller file's mode
 * (under the host's umask); the local connection copies it into a new file (the umask's mode). The
 * module on the host sees that upload (a `validate` command, `mode: preserve` of assemble), so it
 * is told how the file went up: `_volant_upload_over_ssh`, and the controller file's mode (a
 * controller tree's files carry their own).
 */
export function setUploadMode(ctx: ActionContext, args: DataDict, controllerMode?: number): void {
  args.set('_volant_upload_over_ssh', ctx.connection() === 'ssh');
  if (controllerMode !== undefined) args.set('_volant_upload_source_mode', controllerMode & 0o777);
}
