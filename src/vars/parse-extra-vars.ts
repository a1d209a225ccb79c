/**
 * `-e`/`--extra-vars` values → one dict, merged in order (replace per key; dicts merged with
 * hash_behaviour=merge): `k=v` pairs
 * (ansible's parse_kv: values stay strings), inline JSON/YAML starting with `{` or `[`, and
 * `@file` (YAML or JSON).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isDict, type Data, type DataDict, type DictKey } from '../core/data.js';
import { UsageError, VolantError, YamlError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { copyKeyOrigin, keyOrigin, setKeyOrigin, setKeyOriginsFromNode } from '../inventory/key-origins.js';
import { loadYamlNode } from '../inventory/load-yaml-data.js';
import { toData } from '../yaml/to-data.js';
import { describedOrigin, setValueOrigin, valueOrigin } from '../core/value-origins.js';
import { parseKv } from '../playbook/parse-kv.js';
import { combinedValue } from './combine-vars.js';

const CLI_OPTION = "<CLI option '-e'>";

/** A file's text as the loader reads it: a vault-encrypted file decrypted with the run's secrets. */
export type OpenFile = (text: string, path: string) => string;

/**
 * Throws UsageError (ansible-playbook exits 5) for a value that is not a dict or a path without
 * `@`, and VolantError `extra-vars-file` (exit 1) for a file that cannot be read.
 */
export function parseExtraVars(values: readonly string[], cwd: string, mergeDicts = false, openFile: OpenFile = (text) => text): DataDict {
  const extra: DataDict = new Map();
  for (const option of values) {
    if (!option) continue;
    let data;
    if (option.startsWith('@')) {
      const path = resolve(cwd, option.slice(1));
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
          // NOTE: ansible's loader fails reading a directory (exit 4) rather than finding it missing.
          const message = `An error occurred while trying to read the file '${path}': [Errno 21] Is a directory: '${path}'`;
          throw Object.assign(new VolantError('extra-vars-file', message, { cause: error }), { exitCode: 4 });
        }
        const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? '[Errno 2] No such file or directory' : String(error);
        throw new VolantError(
          'extra-vars-file',
          `Unable to retrieve file contents.\nCould not find or access '${path}' on the Ansible Controller.\n` +
            `If you are using a module and expect the file to exist on the remote, see the remote_src option: ${reason}: '${path}'`,
          { cause: error },
        );
      }
      const node = loadYamlNode(openFile(text, path), path);
      data = node ? toData(node) : null;
      if (isDict(data)) setKeyOriginsFromNode(data, node);
    } else if (option[0] === '/' || option[0] === '.') {
      throw new UsageError('extra-vars-path', `Please prepend extra_vars filename '${option}' with '@'`);
    } else if (option[0] === '[' || option[0] === '{') {
      const node = loadYamlNode(option, CLI_OPTION);
      data = node ? toData(node) : null;
      if (isDict(data)) setKeyOriginsFromNode(data, node);
    } else {
      data = parseKv(option);
    }
    if (!isDict(data)) {
      // NOTE: a file is named by its absolute path ('@/abs/file'), as ansible resolved it.
      const shown = option.startsWith('@') ? `@${resolve(cwd, option.slice(1))}` : option;
      throw new UsageError('extra-vars-not-dict', `Invalid extra vars data supplied. '${shown}' could not be made into a dictionary`);
    }
    const fromFile = option.startsWith('@');
    if (!fromFile) showNestedTexts(data);
    for (const [k, v] of data) {
      // NOTE: a later -e replaces the value but the name keeps the origin of its first writing.
      if (!extra.has(k)) {
        const origin = keyOrigin(data, k);
        if (origin && (fromFile || !('line' in origin) || origin.untagged !== undefined)) copyKeyOrigin(data, extra, k);
        // inline YAML's keys have positions in the option's text, which 2.19 shows as the key
        else if (origin && typeof k === 'string') setKeyOrigin(extra, k, { ...origin, shown: k });
        else setKeyOrigin(extra, k, { description: CLI_OPTION });
      }
      extra.set(k, combinedValue(extra.get(k), v, mergeDicts));
      // NOTE: inline YAML's values have positions in the option's text (JSON's and k=v's have
      // none); with no file to read, 2.19 shows a text value itself under the origin.
      const origin = (fromFile ? undefined : valueOrigin(data, k)) ?? describedOrigin(CLI_OPTION);
      setValueOrigin(extra, k, fromFile ? (valueOrigin(data, k) ?? origin) : typeof v === 'string' ? { ...origin, shown: v } : origin);
    }
  }
  return extra;
}

/**
 * Gives each text inside the option's dicts and lists an origin that shows it (see
 * SourceLocation.shown): an error about it has no file to read. The top level's own texts get
 * theirs where they are stored.
 */
function showNestedTexts(container: DataDict | readonly Data[], top = true): void {
  const entries: [DictKey, Data][] = Array.isArray(container) ? container.map((v, i) => [i, v]) : [...(container as DataDict)];
  for (const [key, value] of entries) {
    if (typeof value === 'string' && !top) setValueOrigin(container, key, { ...(valueOrigin(container, key) ?? describedOrigin(CLI_OPTION)), shown: value });
    else if (Array.isArray(value) || isDict(value)) showNestedTexts(value, false);
  }
}

/** Why `parseExtraVars` would fail on these values, or undefined; computed once per list. */
export function extraVarsLoadError(values: readonly string[], cwd: string, openFile?: OpenFile): { message: string; location?: SourceLocation } | undefined {
  const key = `${cwd}\0${values.join('\0')}`;
  if (!loadErrors.has(key)) {
    let failure: { message: string; location?: SourceLocation } | undefined;
    try {
      parseExtraVars(values, cwd, false, openFile);
    } catch (error) {
      if (!(error instanceof VolantError)) throw error;
      failure = { message: error.message, ...((error instanceof YamlError || error.code.startsWith('VAULT_')) && error.location ? { location: error.location } : {}) };
    }
    loadErrors.set(key, failure);
  }
  return loadErrors.get(key);
}

const loadErrors = new Map<string, { message: string; location?: SourceLocation } | undefined>();
