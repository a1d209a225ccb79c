/**
 * A setting the controller's config table does not know, as 2.19 reads it: its environment
 * variable or ansible.cfg entry, else its default (with ANSIBLE_HOME put into the path defaults),
 * converted by its type. Paths are expanded (`~`) and made absolute from the working directory.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { Data, DataDict } from '../../core/data.js';
import type { PluginContext } from '../plugin.js';
import { CONFIG_SETTINGS } from '../../core/ansible-settings.js';
import { ensureType, INVALID, type OptionType } from './lookup-options.js';

const SIMPLE_TYPES: Readonly<Record<string, OptionType>> = {
  boolean: 'boolean', bool: 'bool', integer: 'integer', int: 'int', float: 'float', list: 'list', dict: 'dict',
};

/** ansible.constants.REJECT_EXTS, which two defaults extend. */
const REJECT_EXTS = ['.pyc', '.pyo', '.swp', '.bak', '~', '.rpm', '.md', '.txt', '.rst'];

function fromJson(value: unknown): Data {
  if (value instanceof Map) return value as Data;
  if (Array.isArray(value)) return value.map(fromJson);
  if (value !== null && typeof value === 'object') {
    const out: DataDict = new Map();
    for (const [k, v] of Object.entries(value)) out.set(k, fromJson(v));
    return out;
  }
  return value as Data;
}

function resolvePath(path: string): string {
  return resolve(path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path);
}

/** The default's templates 2.19's base.yml uses: ANSIBLE_HOME ~ "...", REJECT_EXTS + [...]. */
function templatedDefault(ctx: PluginContext, fallback: unknown): unknown {
  if (typeof fallback !== 'string' || !fallback.includes('{{')) return fallback;
  const home = /^\{\{\s*ANSIBLE_HOME\s*~\s*"(.*)"\s*\}\}$/.exec(fallback);
  if (home) return `${String(configSetting(ctx, 'ANSIBLE_HOME'))}${home[1] ?? ''}`;
  const reject = /^\{\{\s*REJECT_EXTS\s*\+\s*(\[.*\])\s*\}\}$/.exec(fallback);
  if (reject) return [...REJECT_EXTS, ...(JSON.parse((reject[1] ?? '[]').replaceAll("'", '"')) as string[])];
  return fallback;
}

export function configSetting(ctx: PluginContext, name: string): Data | undefined {
  const row = CONFIG_SETTINGS[name];
  if (row === undefined) return undefined;
  const [type, fallback, env, section, key] = row;
  return typedSetting(ctx, type, ctx.lookup?.configRaw?.(env ?? '', section ?? '', key ?? ''), fallback);
}

/** A setting's value as its type makes it: what was set (text or a variable's value), else its default. */
export function typedSetting(ctx: PluginContext, type: string, raw: unknown, fallback: unknown): Data {
  const value = fromJson(raw ?? templatedDefault(ctx, fallback));
  if (value === null) return null;
  const simple = SIMPLE_TYPES[type];
  if (simple) {
    const typed = ensureType(value, simple);
    return typed === INVALID ? value : typed;
  }
  if (type === 'none') return value === 'None' ? null : value;
  if (typeof value !== 'string') return value;
  if (type === 'path' || type === 'tmppath') return resolvePath(value);
  if (type === 'pathspec') return value.split(':').map(resolvePath);
  if (type === 'pathlist') return value.split(',').map((p) => resolvePath(p.trim()));
  return value;
}
