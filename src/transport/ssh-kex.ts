/**
 * Volant's default key exchange: curve25519-sha256 first (`-o KexAlgorithms=^curve25519-sha256`).
 *
 * NOTE: OpenSSH 9.x prefers the post-quantum sntrup761x25519 hybrid, measured here at ~65 ms of
 * client CPU per connection against ~10 ms for curve25519 (the sshd side costs about the same
 * either way). `^` puts it at the head of ssh's own default list, so a server without it still
 * negotiates. Volant never overrides a choice the user made: the option is left out when the ssh
 * arguments or an ssh_config file ssh reads mention KexAlgorithms, when the client is not an
 * OpenSSH >= 8.2 (`^` is 8.2's), and when `[ssh_connection] volant_fast_kex` is false.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';

export const FAST_KEX_OPTION = ['-o', 'KexAlgorithms=^curve25519-sha256'];

const clientSupport = new Map<string, Promise<boolean>>();
const configMentions = new Map<string, boolean>();

/** The options to add to `args` (ssh's options without the host): FAST_KEX_OPTION or none. */
export async function fastKexOptions(sshBinary: string, args: readonly string[]): Promise<string[]> {
  if (args.some((a) => /kexalgorithms/i.test(a))) return [];
  if (!(await clientSupportsPrepend(sshBinary))) return [];
  if (configMentionsKex(configFiles(args))) return [];
  return [...FAST_KEX_OPTION];
}

/** Whether `ssh -V` names an OpenSSH that knows the `^` (prepend) list syntax. */
export function clientSupportsPrepend(sshBinary: string): Promise<boolean> {
  let support = clientSupport.get(sshBinary);
  if (support === undefined) {
    support = new Promise((resolve) => {
      const child = execFile(sshBinary, ['-V'], { timeout: 5000 }, (_error, stdout, stderr) => resolve(openSshAtLeast(`${stderr}${stdout}`, 8, 2)));
      // a wrapper that reads stdin must not hold the first connection until the timeout
      child.stdin?.end();
    });
    clientSupport.set(sshBinary, support);
  }
  return support;
}

export function openSshAtLeast(versionText: string, major: number, minor: number): boolean {
  const m = /OpenSSH_(\d+)\.(\d+)/.exec(versionText);
  if (!m) return false;
  const [got, gotMinor] = [Number(m[1]), Number(m[2])];
  return got > major || (got === major && gotMinor >= minor);
}

/** The ssh_config files ssh reads: `-F file` alone, or the user's then the system's. */
export function configFiles(args: readonly string[]): string[] {
  const given = args.indexOf('-F');
  if (given >= 0 && args[given + 1] !== undefined) return [args[given + 1] as string];
  const glued = args.find((a) => a.startsWith('-F') && a.length > 2);
  if (glued !== undefined) return [glued.slice(2)];
  return [join(homedir(), '.ssh', 'config'), '/etc/ssh/ssh_config'];
}

/** Whether any of the files, or a file they Include, sets KexAlgorithms (cached per file list). */
export function configMentionsKex(files: readonly string[]): boolean {
  const key = files.join('\0');
  let mentions = configMentions.get(key);
  if (mentions === undefined) {
    const seen = new Set<string>();
    mentions = files.some((f) => fileMentionsKex(f, seen));
    configMentions.set(key, mentions);
  }
  return mentions;
}

function fileMentionsKex(file: string, seen: Set<string>): boolean {
  if (seen.has(file) || seen.size > 64) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  for (const line of text.split('\n')) {
    const m = /^\s*(\w+)\s*(?:=\s*|\s)\s*(.*)$/.exec(line);
    if (!m) continue;
    const keyword = (m[1] as string).toLowerCase();
    if (keyword === 'kexalgorithms') return true;
    if (keyword !== 'include') continue;
    // NOTE: ssh resolves a relative Include against ~/.ssh for user files, /etc/ssh for system ones.
    const base = file.startsWith('/etc/ssh/') ? '/etc/ssh' : join(homedir(), '.ssh');
    for (const pattern of (m[2] as string).trim().split(/\s+/)) {
      const expanded = pattern.replace(/^~(?=\/)/, homedir());
      const full = isAbsolute(expanded) ? expanded : join(base, expanded);
      if (expandGlob(full).some((f) => fileMentionsKex(f, seen))) return true;
    }
  }
  return false;
}

/** `*` and `?` in the last path part (what Include patterns use in practice). */
function expandGlob(path: string): string[] {
  const name = basename(path);
  if (!/[*?]/.test(name)) return [path];
  const re = new RegExp(`^${name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  try {
    return readdirSync(dirname(path))
      .filter((f) => re.test(f))
      .sort()
      .map((f) => join(dirname(path), f));
  } catch {
    return [];
  }
}
