import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';

const TMP_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_';

/** Python tempfile's 8 random name characters. */
function tmpSuffix(): string {
  return [...randomBytes(8)].map((b) => TMP_CHARS[b % TMP_CHARS.length]).join('');
}

let runDir: string | undefined;

/**
 * The path ansible's template action renders into on the controller,
 * `~/.ansible/tmp/ansible-local-<pid><random>/tmp<random>/<name>`; its diff names the file so.
 * Volant renders in memory and writes nothing there: only the name is shown.
 */
export function localTmpName(name: string): string {
  return `${localTmpFile()}/${name}`;
}

/** A temp file of that run folder: `~/.ansible/tmp/ansible-local-<pid><random>/tmp<random>` (a decrypted vault file). */
export function localTmpFile(): string {
  return `${localRunDir()}/tmp${tmpSuffix()}`;
}

/** The hidden temp file copy's action writes `content` into: `…/ansible-local-<pid><random>/.<random>`. */
export function localContentTmpFile(): string {
  return `${localRunDir()}/.${tmpSuffix()}`;
}

function localRunDir(): string {
  runDir ??= `${homedir()}/.ansible/tmp/ansible-local-${process.pid}${tmpSuffix()}`;
  return runDir;
}
