/**
 * Volant's default algorithm choices for ssh, each put at the head of ssh's own list (`^`), so a
 * server without them still negotiates:
 *   - key exchange `curve25519-sha256` (`[ssh_connection] volant_fast_kex`): OpenSSH 9.x prefers
 *     the post-quantum sntrup761x25519 hybrid, measured here at ~65 ms of client CPU per connection
 *     against ~10 ms for curve25519 (the sshd side costs about the same either way);
 *   - cipher `aes128-gcm@openssh.com` (`[ssh_connection] volant_fast_ciphers`), only when the
 *     controller's CPU has AES instructions: ssh's default chacha20-poly1305 cost ~0.17 CPU-s more
 *     per ssh20 run on both ends (every frame of every agent is sealed and opened twice).
 * Volant never overrides a choice the user made: an option is left out when the ssh arguments or
 * an ssh_config file ssh reads set its keyword (or `-c` for ciphers), when the client is not an
 * OpenSSH >= 8.2 (`^` is 8.2's), and when its setting is false.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';

export const FAST_KEX_OPTION = ['-o', 'KexAlgorithms=^curve25519-sha256'];
export const FAST_CIPHER_OPTION = ['-o', 'Ciphers=^aes128-gcm@openssh.com'];

export interface FastChoices {
  readonly kex: boolean;
  readonly ciphers: boolean;
}

const clientSupport = new Map<string, Promise<boolean>>();
const configMentionsCache = new Map<string, boolean>();
let cpuAes: boolean | undefined;

/** The options to add to `args` (ssh's options without the host). */
export async function fastAlgorithmOptions(sshBinary: string, args: readonly string[], wanted: FastChoices): Promise<string[]> {
  const kex = wanted.kex && !args.some((a) => /kexalgorithms/i.test(a));
  const ciphers = wanted.ciphers && !args.some((a) => /ciphers/i.test(a) || a.startsWith('-c')) && cpuHasAes();
  if (!kex && !ciphers) return [];
  if (!(await clientSupportsPrepend(sshBinary))) return [];
  const files = configFiles(args);
  return [...(kex && !configMentions(files, 'kexalgorithms') ? FAST_KEX_OPTION : []), ...(ciphers && !configMentions(files, 'ciphers') ? FAST_CIPHER_OPTION : [])];
}

/** Whether the CPU has AES instructions (x86's `aes` flag, arm64's `aes` feature), from /proc/cpuinfo. */
export function cpuHasAes(cpuinfo?: string): boolean {
  if (cpuinfo === undefined && cpuAes !== undefined) return cpuAes;
  let text = cpuinfo;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/cpuinfo', 'latin1');
    } catch {
      text = '';
    }
  }
  const has = /^(?:flags|features)\s*:.*\baes\b/im.test(text);
  if (cpuinfo === undefined) cpuAes = has;
  return has;
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

/** Whether any of the files, or a file they Include, sets `keyword` (lower case; cached). */
export function configMentions(files: readonly string[], keyword: string): boolean {
  const key = `${keyword}\0${files.join('\0')}`;
  let mentions = configMentionsCache.get(key);
  if (mentions === undefined) {
    const seen = new Set<string>();
    mentions = files.some((f) => fileMentions(f, keyword, seen));
    configMentionsCache.set(key, mentions);
  }
  return mentions;
}

function fileMentions(file: string, keyword: string, seen: Set<string>): boolean {
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
    const word = (m[1] as string).toLowerCase();
    if (word === keyword) return true;
    if (word !== 'include') continue;
    // NOTE: ssh resolves a relative Include against ~/.ssh for user files, /etc/ssh for system ones.
    const base = file.startsWith('/etc/ssh/') ? '/etc/ssh' : join(homedir(), '.ssh');
    for (const pattern of (m[2] as string).trim().split(/\s+/)) {
      const expanded = pattern.replace(/^~(?=\/)/, homedir());
      const full = isAbsolute(expanded) ? expanded : join(base, expanded);
      if (expandGlob(full).some((f) => fileMentions(f, keyword, seen))) return true;
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
