/**
 * ansible.cfg and ANSIBLE_* environment settings, looked up as ansible's ConfigManager does:
 * environment first, then the config file (ANSIBLE_CONFIG, ./ansible.cfg, ~/.ansible.cfg,
 * /etc/ansible/ansible.cfg), then the default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';

/** `~` and `~/…` as the user's home, as Python's expanduser does for the current user. */
export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}

export class AnsibleConfig {
  private readonly sections = new Map<string, Map<string, string>>();
  readonly file: string | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    cwd: string,
  ) {
    this.file = findConfigFile(env, cwd);
    if (this.file) this.parse(readFileSync(this.file, 'utf8'));
  }

  /**
   * The file as Python's configparser reads it for ansible (`inline_comment_prefixes=(';',)`):
   * keys lower-cased, a `#` or `;` line a comment, `;` after a space an inline comment (`#` is
   * not), an indented line continuing the value above it.
   */
  private parse(text: string): void {
    let section = 'defaults';
    let last: { map: Map<string, string>; key: string; indent: number } | undefined;
    for (const raw of text.split(/\r?\n/)) {
      const trimmed = raw.trim();
      if (trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
      const line = raw.replace(/(^|\s);.*$/, '$1').trim();
      const indent = raw.length - raw.trimStart().length;
      if (!line) continue;
      if (last && indent > last.indent) {
        last.map.set(last.key, `${last.map.get(last.key) ?? ''}\n${line}`);
        continue;
      }
      const header = /^\[(.+)\]$/.exec(line);
      if (header) {
        section = header[1] as string;
        last = undefined;
        continue;
      }
      const m = /^(.*?)\s*[=:]\s*(.*)$/.exec(line);
      if (!m) continue;
      let map = this.sections.get(section);
      if (!map) this.sections.set(section, (map = new Map()));
      const key = (m[1] as string).trimEnd().toLowerCase();
      map.set(key, m[2] as string);
      last = { map, key, indent };
    }
  }

  /** A setting's text: env var, then `[section] key`, then undefined. */
  get(envName: string, section: string, key: string): string | undefined {
    const fromEnv = this.env[envName];
    if (fromEnv !== undefined) return fromEnv;
    return this.sections.get(section)?.get(key);
  }

  /**
   * A `path` setting as ansible resolves it: `~` expanded, a relative path taken from the config
   * file's folder when the file set it, else from `cwd`; undefined when unset or empty.
   */
  path(envName: string, section: string, key: string, cwd: string): string | undefined {
    const value = this.get(envName, section, key);
    if (!value) return undefined;
    const base = this.origin(envName, section, key) === 'file' && this.file ? dirname(this.file) : cwd;
    return resolve(base, expandHome(value));
  }

  /** Where a setting comes from: the environment, the config file, or neither (its default). */
  origin(envName: string, section: string, key: string): 'env' | 'file' | undefined {
    if (this.env[envName] !== undefined) return 'env';
    return this.sections.get(section)?.has(key) ? 'file' : undefined;
  }

  bool(envName: string, section: string, key: string, fallback: boolean): boolean {
    const v = this.get(envName, section, key);
    if (v === undefined) return fallback;
    return ['1', 'true', 'yes', 'on', 'y', 't'].includes(v.trim().toLowerCase());
  }

  int(envName: string, section: string, key: string, fallback: number): number {
    const v = this.get(envName, section, key);
    const n = v === undefined ? NaN : Number.parseInt(v, 10);
    return Number.isNaN(n) ? fallback : n;
  }
}

function findConfigFile(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const candidates: string[] = [];
  if (env.ANSIBLE_CONFIG) candidates.push(resolve(cwd, env.ANSIBLE_CONFIG));
  candidates.push(resolve(cwd, 'ansible.cfg'), resolve(homedir(), '.ansible.cfg'), '/etc/ansible/ansible.cfg');
  return candidates.find((c) => existsSync(c));
}
