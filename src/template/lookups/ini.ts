/** The `ini` lookup: a key (or keys matching a regex) of a section, as Python's configparser reads it. */
import { readFileSync } from 'node:fs';
import { pyRepr, truthy, type Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { chainedError, defined, pluginError, toText } from '../filters/ansible-args.js';
import { compileOrFail } from '../filters/ansible-regex.js';
import { pyMatch } from '../filters/ansible-python-regex.js';
import { findFileOrWarn } from './search-path.js';
import { lookupOption, type OptionSpec } from './lookup-options.js';

type Sections = Map<string, Map<string, string | null>>;

/** configparser.read_file: `[section]`, `key = value` / `key: value`, comments, continuation lines. */
export function parseIni(text: string, caseSensitive: boolean, allowNoValue: boolean): Sections {
  const sections: Sections = new Map([['DEFAULT', new Map()]]);
  let current: Map<string, string | null> | undefined;
  let currentName = '';
  let lastKey: string | undefined;
  // configparser is strict: a section or an option met twice in one file is an error (DEFAULT may repeat).
  const added = new Set<string>();
  // Lines keep their newline for configparser's error words (universal newlines: \r\n is \n).
  for (const [index, line] of text.replace(/\r\n?/g, '\n').split(/(?<=\n)/).entries()) {
    const raw = line.replace(/\n$/, '');
    if (/^\s*[#;]/.test(raw)) continue;
    if (raw.trim() === '') {
      lastKey = undefined;
      continue;
    }
    if (/^\s/.test(raw) && current && lastKey !== undefined) {
      const prev = current.get(lastKey);
      current.set(lastKey, `${prev ?? ''}\n${raw.trim()}`);
      continue;
    }
    const section = /^\[([^\]]+)\]/.exec(raw);
    if (section) {
      const name = section[1] as string;
      if (name !== 'DEFAULT' && added.has(`[${name}`)) throw pluginError(`${readingAt(index)}: section ${pyRepr(name)} already exists`);
      added.add(`[${name}`);
      currentName = name;
      current = sections.get(name) ?? new Map();
      sections.set(name, current);
      lastKey = undefined;
      continue;
    }
    if (!current) throw pluginError(`File contains no section headers.\nfile: '<???>', line: ${index + 1}\n${pyRepr(line)}`);
    const m = /^([^=:]*?)\s*[=:]\s*(.*)$/.exec(raw);
    let key: string;
    let value: string | null;
    if (m) {
      key = (m[1] as string).trim();
      value = (m[2] as string).trim();
    } else if (allowNoValue) {
      key = raw.trim();
      value = null;
    } else throw pluginError(`Source contains parsing errors`);
    if (!caseSensitive) key = key.toLowerCase();
    if (added.has(`${currentName}]${key}`)) {
      const error = `${readingAt(index)}: option ${pyRepr(key)} in section ${pyRepr(currentName)} already exists`;
      throw new DuplicateOptionError(error);
    }
    added.add(`${currentName}]${key}`);
    current.set(key, value);
    lastKey = key;
  }
  return sections;
}

/** Where configparser was reading (the lookup hands it a StringIO, which has no name). */
function readingAt(index: number): string {
  return `While reading from '<???>' [line ${String(index + 1).padStart(2)}]`;
}

/** configparser.DuplicateOptionError, which the lookup words as a duplicate in its file. */
export class DuplicateOptionError extends Error {}

/** configparser's BasicInterpolation: `%(name)s` from the section (or DEFAULT), `%%` for `%`. */
export function interpolate(value: string, option: string, section: string, lookup: (key: string) => string | null | undefined, depth = 0): string {
  if (depth > 10) throw pluginError(`Recursion limit exceeded in value substitution: option '${option}' in section '${section}' contains an interpolation key which cannot be substituted in 10 steps. Raw value: '${value}'`);
  let out = '';
  let rest = value;
  while (rest) {
    const p = rest.indexOf('%');
    if (p < 0) return out + rest;
    out += rest.slice(0, p);
    rest = rest.slice(p);
    const c = rest[1];
    if (c === '%') {
      out += '%';
      rest = rest.slice(2);
    } else if (c === '(') {
      const m = /^%\(([^)]+)\)s/.exec(rest);
      if (!m) throw pluginError(`bad interpolation variable reference '${rest}'`);
      const key = (m[1] as string).toLowerCase();
      rest = rest.slice(m[0].length);
      const v = lookup(key);
      if (v === undefined) {
        throw pluginError(
          `Bad value substitution: option '${option}' in section '${section}' contains an interpolation key '${key}' which is not a valid option name. Raw value: '${value}'`,
        );
      }
      out += v !== null && v.includes('%') ? interpolate(v, option, section, lookup, depth + 1) : (v ?? '');
    } else {
      throw pluginError(`'%' must be followed by '%' or '(', found: '${rest}'`);
    }
  }
  return out;
}

const OPTIONS = ['type', 'file', 'section', 're', 'encoding', 'default', 'case_sensitive', 'allow_no_value', 'allow_none', 'interpolation'];

const TYPED_OPTIONS: readonly (readonly [string, OptionSpec])[] = [
  ['type', { default: 'ini', choices: ['ini', 'properties'] }],
  ['re', { type: 'boolean', default: false }],
  ['allow_no_value', { type: 'bool', default: false }],
  ['interpolation', { type: 'bool', default: true }],
];

export const ini: LookupFn = (ctx, terms, kwargs) => {
  const options = new Map<string, Data>([
    ['type', 'ini'],
    ['file', 'ansible.ini'],
    ['section', 'global'],
    ['re', false],
    ['encoding', 'utf-8'],
    ['default', ''],
    ['case_sensitive', false],
    ['allow_no_value', false],
  ]);
  // NOTE: unknown keyword options are ignored (2.19 checks only the inline ones).
  for (const [k, v] of kwargs) if (OPTIONS.includes(k)) options.set(k === 'allow_none' ? 'allow_no_value' : k, defined(v));
  // The keyword options are typed (inline `name=value` ones are not, as in 2.19).
  for (const [name, spec] of TYPED_OPTIONS) if (kwargs.has(name)) options.set(name, lookupOption('ini', name, kwargs.get(name), spec));
  // NOTE: the parser is built once, before inline `name=value` options are read, so an inline
  // `interpolation=` changes nothing (as in 2.19).
  const interpolation = options.get('interpolation') !== false;
  const out: Data[] = [];
  for (const term of terms) {
    const text = toText(term);
    let key = text;
    if (text.includes('=') || text.trim().includes(' ')) {
      // Inline `key section=… file=…`: a value runs on until the next `name=`.
      const params: [string, string][] = [];
      let current = 'key';
      for (const [i, phrase] of text.split(/\s+/).filter(Boolean).entries()) {
        if (phrase.includes('=')) for (const k of OPTIONS) if (phrase.includes(`${k}=`)) current = k;
        const existing = params.find(([k]) => k === current);
        if (i === 0 || !existing) params.push([current, phrase]);
        else existing[1] += ` ${phrase}`;
      }
      let updatedKey = false;
      for (const [, param] of params) {
        if (param.includes('=')) {
          const [name, value] = param.split('=') as [string, string];
          if (!OPTIONS.includes(name)) throw pluginError(`'${name}' is not a valid option.`);
          options.set(name, value);
        } else if (!updatedKey) {
          key = param;
          updatedKey = true;
        }
      }
      if (!updatedKey) throw pluginError(`No key to look up was provided as first term within string inline options: ${text}`);
    }
    const fileName = toText(options.get('file') ?? '');
    const path = findFileOrWarn(ctx, 'files', fileName);
    // NOTE: ansible goes on with the path None, which its ini reader refuses.
    if (path === undefined) throw pluginError('Invalid filename None.');
    let content = readFileSync(path, 'utf8');
    let section = toText(options.get('section') ?? 'global');
    if (toText(options.get('type') ?? 'ini') === 'properties') {
      content = `[java_properties]\n${content}`;
      section = 'java_properties';
    }
    let sections: Sections;
    try {
      sections = parseIni(content, truthy(options.get('case_sensitive') ?? false), truthy(options.get('allow_no_value') ?? false));
    } catch (error) {
      if (error instanceof DuplicateOptionError) throw chainedError(`Duplicate option in ${pyRepr(fileName)}.`, error.message);
      throw error;
    }
    const values = sections.get(section);
    if (!values) throw pluginError(`No section '${section}' in '${fileName}'.`);
    const defaults = sections.get('DEFAULT') ?? new Map<string, string | null>();
    const merged = new Map([...defaults, ...values]);
    const read = (option: string): Data => {
      const raw = merged.get(option) ?? null;
      if (raw === null || !interpolation) return raw;
      return interpolate(raw, option, section, (k) => merged.get(k));
    };
    const isRe = ['true', 'yes', '1', 'on'].includes(toText(options.get('re') ?? false).toLowerCase());
    if (isRe) {
      const re = compileOrFail(key, {});
      // configparser.items() renders every value first, so one bad value fails the whole lookup.
      const rendered = [...merged.keys()].map((k): [string, Data] => [k, read(k)]);
      for (const [k, v] of rendered) if (pyMatch(re, k)) out.push(v);
      continue;
    }
    const lookupKey = truthy(options.get('case_sensitive') ?? false) ? key : key.toLowerCase();
    if (merged.has(lookupKey)) out.push(read(lookupKey));
    else out.push(options.get('default') ?? '');
  }
  return out;
};
