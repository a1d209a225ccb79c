/**
 * `host_vars/` and `group_vars/` directories (ansible's host_group_vars vars plugin), beside an
 * inventory source or a playbook. For an entity `name` the first of `name`, `name.yml`,
 * `name.yaml`, `name.json` that exists is read; a directory is read whole, its files sorted by
 * name (recursing into subdirectories without an extension), hidden files and `~` backups skipped.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { isDict, type Data, type DataDict } from '../core/data.js';
import { ParseError, VolantError, YamlError } from '../core/errors.js';
import type { YamlWarning } from '../yaml/load-yaml.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { copyKeyOrigin, setKeyOriginsFromNode } from './key-origins.js';
import { copyValueOrigin } from '../core/value-origins.js';
import { loadYamlNode } from './load-yaml-data.js';
import { pyClassRepr } from './yaml-inventory.js';
import type { WarningDetail } from './warning-detail.js';

export const VARS_FILE_EXTENSIONS: readonly string[] = ['.yml', '.yaml', '.json'];

export type VarsEntityKind = 'host' | 'group';

export interface VarsFilesOptions {
  /** Decrypts a file's text when it is vault-encrypted (throws when it cannot). */
  openFile?(text: string, path: string): string;
  /** hash_behaviour=merge: how a name in a later file combines with an earlier file's. */
  combineValues?(lower: Data, higher: Data): Data;
}

/** Reads and caches vars files. One per run: files are read once, as ansible's cache='all' does. */
export class VarsFiles {
  private readonly byKey = new Map<string, DataDict>();
  private readonly realDirs = new Map<string, string>();
  private readonly files = new Map<string, DataDict | null>();
  /** Warnings in ansible's words (`Found group_vars that is not a directory …`, YAML duplicate keys). */
  readonly warnings: string[] = [];
  /** YAML warnings with their locations, for a formatter that prints the source lines. */
  readonly diagnostics: YamlWarning[] = [];
  /** Both kinds in the order the files were read, as ansible shows them when it reads a file. */
  readonly details: WarningDetail[] = [];
  private detailsTaken = 0;

  constructor(private readonly options: VarsFilesOptions = {}) {}

  /** The warnings found since the last call: whoever reads the files next shows them. */
  takeDetails(): WarningDetail[] {
    const taken = this.details.slice(this.detailsTaken);
    this.detailsTaken = this.details.length;
    return taken;
  }

  /**
   * The variables `host_vars/NAME*` or `group_vars/NAME*` under `baseDir` give, merged in file
   * order (replace per key). Empty when there are none.
   */
  varsFor(baseDir: string, kind: VarsEntityKind, name: string): DataDict {
    if (!name || name.startsWith('/')) return EMPTY;
    let real = this.realDirs.get(baseDir);
    if (real === undefined) {
      try {
        real = realpathSync(baseDir);
      } catch {
        real = baseDir;
      }
      this.realDirs.set(baseDir, real);
    }
    const subdir = kind === 'host' ? `${real}/host_vars` : `${real}/group_vars`;
    const key = `${subdir}\0${name}`;
    const cached = this.byKey.get(key);
    if (cached) return cached;
    let result: DataDict = EMPTY;
    if (existsSync(subdir)) {
      if (!statSync(subdir).isDirectory()) {
        const warning = `Found ${kind === 'host' ? 'host_vars' : 'group_vars'} that is not a directory, skipping: ${subdir}`;
        if (!this.warnings.includes(warning)) {
          this.warnings.push(warning);
          this.details.push({ message: warning });
        }
      } else {
        for (const file of findVarsFiles(subdir, name)) {
          const data = this.load(file);
          if (!data) continue;
          if (result === EMPTY) result = new Map();
          const combine = this.options.combineValues;
          for (const [k, v] of data) {
            const before = result.get(k);
            if (before === undefined) copyKeyOrigin(data, result, k);
            copyValueOrigin(data, result, k);
            result.set(k, before !== undefined && combine ? combine(before, v) : v);
          }
        }
      }
    }
    this.byKey.set(key, result);
    return result;
  }

  private load(file: string): DataDict | null {
    if (this.files.has(file)) return this.files.get(file) as DataDict | null;
    const warnings: YamlWarning[] = [];
    const node = loadVarsFileNode(file, warnings, this.options.openFile);
    const data = node ? toData(node) : null;
    if (isDict(data)) setKeyOriginsFromNode(data, node);
    for (const w of warnings) {
      this.warnings.push(w.message);
      this.diagnostics.push(w);
      this.details.push({ message: w.message, ...(w.origin ? { location: w.origin } : {}), ...(w.help ? { hint: w.help } : {}) });
    }
    let dict: DataDict | null = null;
    // NOTE: an empty file (or one holding only null/false/empty) is skipped, as ansible's `if new_data:`.
    if (data !== null && data !== false && data !== '' && data !== 0 && !(Array.isArray(data) && data.length === 0)) {
      if (!isDict(data)) {
        // NOTE: ansible fails merging the file into the vars so far: a parser error (exit code 4).
        const type = /'(?:[^']*\.)?([^.']+)'>$/.exec(pyClassRepr(data))?.[1] ?? 'object';
        throw new ParseError('vars-file-not-dict', `Could not process '${file}': failed to combine variables, expected dicts but got a 'dict' and a '${type}'.`);
      }
      dict = data.size > 0 ? data : null;
    }
    this.files.set(file, dict);
    return dict;
  }
}

const EMPTY: DataDict = new Map();

function loadVarsFileNode(file: string, warnings: YamlWarning[], openFile: VarsFilesOptions['openFile']): YamlNode | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return loadYamlNode(openFile ? openFile(text, file) : text, file, warnings);
  } catch (e) {
    // NOTE: ansible's host_group_vars plugin re-raises any error as a parser error (exit code 4)
    // made of the message alone (no cause), so a YAML error in group_vars/ or host_vars/ (or a
    // vaulted file that does not open) is printed without its origin.
    if (e instanceof YamlError || (e instanceof VolantError && e.code.startsWith('VAULT'))) throw new ParseError(e.code, e.message);
    throw e;
  }
}

/** ansible's DataLoader.find_vars_files. */
export function findVarsFiles(dir: string, name: string): string[] {
  const base = join(dir, name);
  for (const ext of ['', ...VARS_FILE_EXTENSIONS]) {
    const full = base + ext;
    if (!existsSync(full)) continue;
    return statSync(full).isDirectory() ? dirVarsFiles(full) : [full];
  }
  return [];
}

function dirVarsFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith('.') || entry.endsWith('~')) continue;
    const ext = extname(entry);
    const full = join(dir, entry);
    const stat = statSync(full);
    if (stat.isDirectory() && !ext) found.push(...dirVarsFiles(full));
    else if (stat.isFile() && (!ext || VARS_FILE_EXTENSIONS.includes(ext))) found.push(full);
  }
  return found;
}
