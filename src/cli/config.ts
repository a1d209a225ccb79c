/**
 * ansible.cfg and ANSIBLE_* environment settings, looked up as ansible's ConfigManager does:
 * environment first, then the config file (ANSIBLE_CONFIG, ./ansible.cfg, ~/.ansible.cfg,
 * /etc/ansible/ansible.cfg), then the default.
 */
import { constants, readFileSync, statSync } from 'node:fs';
import { canAccess } from '../core/fs-kinds.js';
import { homedir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { unquote } from '../playbook/parse-kv.js';
import { pyRepr } from '../core/data.js';
import { CONFIG_SETTINGS } from '../core/ansible-settings.js';
import { decimalWholeNumber } from '../core/python-int.js';

/** `~` and `~/…` as the user's home, as Python's expanduser does for the current user. */
export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}

/** A config file ansible-core cannot use: it stops before anything else (exit code 5). */
export class ConfigFileError extends Error {}

/** Each setting's type in 2.19's table, by its environment variable. */
const SETTING_TYPES: ReadonlyMap<string, string> = new Map(
  Object.values(CONFIG_SETTINGS).flatMap(([type, , env]) => (env === null ? [] : [[env, type] as const])),
);

export class AnsibleConfig {
  private readonly sections = new Map<string, Map<string, string>>();
  readonly file: string | undefined;
  /** What finding the file warns of (an ansible.cfg skipped in a world-writable working folder). */
  readonly warnings: string[] = [];

  /**
   * The environment as the run started, copied: settings are read for every task and host, and
   * each read of process.env asks the C library (~0.3 µs, ~20 per task and host).
   */
  private readonly env: Readonly<Record<string, string | undefined>>;

  constructor(env: NodeJS.ProcessEnv, cwd: string) {
    this.env = { ...env };
    this.file = findConfigFile(env, cwd, this.warnings);
    if (!this.file) return;
    const ext = extname(this.file);
    // NOTE: 2.19 names YAML as a config file type but reads none.
    if (ext === '.yaml' || ext === '.yml') throw new ConfigFileError('Unsupported configuration file type: yaml');
    if (ext !== '.cfg' && ext !== '.ini') throw new ConfigFileError(`Unsupported configuration file extension for ${this.file}: ${ext}`.trim());
    this.parse(readFileSync(this.file, 'utf8'));
  }

  /**
   * The file as Python's configparser reads it for ansible (`inline_comment_prefixes=(';',)`):
   * keys lower-cased, a `#` or `;` line a comment, `;` after a space an inline comment (`#` is
   * not), an indented line continuing the value above it.
   */
  private parse(text: string): void {
    let section: string | undefined;
    let last: { map: Map<string, string>; key: string; indent: number } | undefined;
    // NOTE: configparser's errors stop 2.19 as it loads (exit 5): a key before any section, a
    // section or a key in one section written twice.
    const fail = (detail: string): never => {
      throw new ConfigFileError(`Error reading config file (${this.file ?? ''}): ${detail}`);
    };
    const lines = text.split(/\r?\n/);
    for (const [index, raw] of lines.entries()) {
      const at = `While reading from '<string>' [line ${String(index + 1).padStart(2)}]`;
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
        if (this.sections.has(section)) fail(`${at}: section ${pyRepr(section)} already exists`);
        this.sections.set(section, new Map());
        last = undefined;
        continue;
      }
      if (section === undefined) fail(`File contains no section headers.\nfile: '<string>', line: ${index + 1}\n${pyRepr(index + 1 < lines.length ? `${raw}\n` : raw)}`);
      const m = /^(.*?)\s*[=:]\s*(.*)$/.exec(line);
      if (!m || section === undefined) continue;
      let map = this.sections.get(section);
      if (!map) this.sections.set(section, (map = new Map()));
      const key = (m[1] as string).trimEnd().toLowerCase();
      if (map.has(key)) fail(`${at}: option ${pyRepr(key)} in section ${pyRepr(section)} already exists`);
      map.set(key, m[2] as string);
      last = { map, key, indent };
    }
  }

  /**
   * A text setting: env var, then `[section] key` (NOTE: ansible drops one pair of quotes around
   * a text from the file), then undefined.
   */
  get(envName: string, section: string, key: string): string | undefined {
    const raw = this.raw(envName, section, key);
    if (raw === undefined || this.env[envName] !== undefined) return raw;
    // NOTE: 2.19 unquotes a list's items, not the whole value, and a path list not at all.
    const type = SETTING_TYPES.get(envName);
    if (type === 'list') return raw.split(',').map((item) => unquote(item.trim())).join(',');
    return type === 'pathspec' || type === 'pathlist' ? raw : unquote(raw);
  }

  /** The setting as written, quotes and all: what ansible converts to a boolean, number or path. */
  raw(envName: string, section: string, key: string): string | undefined {
    return this.env[envName] ?? this.sections.get(section)?.get(key);
  }

  /**
   * A `path` setting as ansible resolves it: `~` expanded, a relative path taken from the config
   * file's folder when the file set it, else from `cwd`; undefined when unset or empty.
   */
  path(envName: string, section: string, key: string, cwd: string): string | undefined {
    const value = this.raw(envName, section, key);
    if (!value) return undefined;
    const base = this.origin(envName, section, key) === 'file' && this.file ? dirname(this.file) : cwd;
    return resolve(base, expandHome(value));
  }

  /**
   * A `pathlist` setting (`inventory`): comma-separated, each item stripped and resolved as
   * path() resolves one. NOTE: an empty item is the folder itself (`a,` reads the folder too).
   */
  pathList(envName: string, section: string, key: string, cwd: string): string[] | undefined {
    const value = this.raw(envName, section, key);
    if (value === undefined) return undefined;
    const base = this.origin(envName, section, key) === 'file' && this.file ? dirname(this.file) : cwd;
    return value.split(',').map((item) => item.trim()).map((item) => resolve(base, expandHome(item)));
  }

  /** Where a setting comes from: the environment, the config file, or neither (its default). */
  origin(envName: string, section: string, key: string): 'env' | 'file' | undefined {
    if (this.env[envName] !== undefined) return 'env';
    return this.sections.get(section)?.has(key) ? 'file' : undefined;
  }

  bool(envName: string, section: string, key: string, fallback: boolean): boolean {
    const v = this.raw(envName, section, key);
    if (v === undefined) return fallback;
    return ['1', 'true', 'yes', 'on', 'y', 't'].includes(v.trim().toLowerCase());
  }

  int(envName: string, section: string, key: string, fallback: number): number {
    const v = this.raw(envName, section, key);
    // NOTE: ansible reads an integer setting through Decimal ('2.0', '1__0', Unicode digits)
    return (v === undefined ? undefined : decimalWholeNumber(v)) ?? fallback;
  }
}

/**
 * ANSIBLE_CONFIG (a folder: its ansible.cfg), ./ansible.cfg unless the working folder is world
 * writable, ~/.ansible.cfg, /etc/ansible/ansible.cfg: the first that exists and can be read.
 */
function findConfigFile(env: NodeJS.ProcessEnv, cwd: string, warnings: string[]): string | undefined {
  const candidates: string[] = [];
  let fromEnv: string | undefined;
  if (env.ANSIBLE_CONFIG !== undefined) {
    fromEnv = resolve(cwd, expandHome(env.ANSIBLE_CONFIG));
    if (statSync(fromEnv, { throwIfNoEntry: false })?.isDirectory()) fromEnv = join(fromEnv, 'ansible.cfg');
    candidates.push(fromEnv);
  }
  const inCwd = resolve(cwd, 'ansible.cfg');
  const worldWritable = ((statSync(cwd, { throwIfNoEntry: false })?.mode ?? 0) & 0o002) !== 0;
  if (!worldWritable) candidates.push(inCwd);
  candidates.push(resolve(homedir(), '.ansible.cfg'), '/etc/ansible/ansible.cfg');
  const found = candidates.find(readable);
  if (worldWritable && (fromEnv === undefined || found !== fromEnv) && statSync(inCwd, { throwIfNoEntry: false }) !== undefined) {
    warnings.push(
      `Ansible is being run in a world writable directory (${cwd}), ignoring it as an ansible.cfg source. For more information see https://docs.ansible.com/ansible/devel/reference_appendices/config.html#cfg-in-world-writable-dir`,
    );
  }
  return found;
}

function readable(path: string): boolean {
  return canAccess(path, constants.R_OK);
}
