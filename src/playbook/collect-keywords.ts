/**
 * A record's keywords from its YAML mapping, checked against its kind's table, with the checks
 * ansible-core 2.19 makes while loading (not when running): unknown names, `vars` a mapping,
 * `tags` a list, `loop_control` a mapping of known names.
 */
import type { Data, DataDict } from '../core/data.js';
import { PyFloat, pyStr, pyTypeName, strRepr, UnsafeString } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { YamlMap, YamlNode, YamlPair } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { BLOCK_KEYWORDS } from './block-keywords.js';
import { HANDLER_KEYWORDS } from './handler-keywords.js';
import { IMPORT_PLAYBOOK_KEYWORDS } from './import-playbook-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';
import { LOOP_CONTROL_KEYWORDS } from './loop-control-keywords.js';
import { moduleDefaultsValue } from './module-defaults.js';
import { PLAY_KEYWORDS } from './play-keywords.js';
import { ROLE_KEYWORDS } from './role-keywords.js';
import { TASK_KEYWORDS } from './task-keywords.js';
import type { Keyword, Keywords } from './model.js';
import { nodeOrigin } from './node-origin.js';
import { keyText } from './yaml-access.js';

/** The class name ansible prints for a record kind. */
export type RecordKind = 'Play' | 'Block' | 'Task' | 'Handler' | 'PlaybookInclude' | 'RoleInclude';

const LOOP_CONTROL_NAMES = new Set(LOOP_CONTROL_KEYWORDS.map((k) => k.name));

/** Names of a table's string-typed keywords; `register` has its own check (a variable name). */
const stringNames = (table: readonly KeywordSpec[]): ReadonlySet<string> =>
  new Set(table.filter((k) => k.type === 'string' && k.name !== 'register').map((k) => k.name));

const STRING_KEYWORDS: Readonly<Record<RecordKind | 'LoopControl', ReadonlySet<string>>> = {
  Play: stringNames(PLAY_KEYWORDS),
  Block: stringNames(BLOCK_KEYWORDS),
  Task: stringNames(TASK_KEYWORDS),
  Handler: stringNames(HANDLER_KEYWORDS),
  PlaybookInclude: stringNames(IMPORT_PLAYBOOK_KEYWORDS),
  RoleInclude: stringNames(ROLE_KEYWORDS),
  LoopControl: stringNames(LOOP_CONTROL_KEYWORDS),
};

/**
 * 2.19 validates a loaded record's string-typed keywords: a list or mapping there fails, naming the
 * first such keyword and pointing at the record itself.
 */
export function checkStringKeywords(pairs: readonly YamlPair[], kind: RecordKind | 'LoopControl', record: YamlNode): void {
  for (const pair of pairs) {
    const value = pair.value;
    if (!STRING_KEYWORDS[kind].has(keyText(pair)) || (value.kind !== 'map' && value.kind !== 'seq')) continue;
    const type = value.kind === 'map' ? '_AnsibleTaggedDict' : '_AnsibleTaggedList';
    throw new ParseError(
      'FIELD_NOT_STRING',
      `The field '${keyText(pair)}' is supposed to be a string type, however the incoming data structure is a <class 'ansible.module_utils._internal._datatag.${type}'>`,
      { location: record.loc },
    );
  }
}

export function invalidAttribute(pair: YamlPair, kind: string): ParseError {
  // NOTE: only tasks (and handlers) mention the configuration switch, on a second line.
  const suffix =
    kind === 'Task' || kind === 'Handler'
      ? '\nThis error can be suppressed as a warning using the "invalid_task_attribute_failed" configuration'
      : '';
  return new ParseError('INVALID_ATTRIBUTE', `'${keyText(pair)}' is not a valid attribute for a ${kind}${suffix}`, { location: pair.key.loc });
}

/** `vars:` as a dict: a mapping (2.19 no longer takes a list of mappings) or nothing. */
function varsValue(node: YamlNode, kind: RecordKind): DataDict {
  if (node.kind === 'scalar' && node.value === null) return new Map();
  if (node.kind !== 'map') {
    throw new ParseError('VARS_NOT_DICT', `Vars in a ${kind} must be specified as a dictionary.`, nodeOrigin(node));
  }
  for (const pair of node.pairs) checkVariableName(pair.key);
  return toData(node) as DataDict;
}

const JINJA_KEYWORDS = new Set(['true', 'false', 'none', 'True', 'False', 'None', 'not']);

/** ansible's validate_variable_name: an ASCII identifier that is no Jinja keyword. */
export function variableNameError(name: Data): string | undefined {
  // NOTE: an `!unsafe` name is a str in 2.19 (only marked untrusted).
  const text = name instanceof UnsafeString ? name.value : name;
  if (typeof text === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && !JINJA_KEYWORDS.has(text)) return undefined;
  const scalar = name === null || typeof name !== 'object' || name instanceof PyFloat || name instanceof UnsafeString;
  let description = scalar ? `name ${strRepr(pyStr(name))}` : 'name';
  if (typeof name !== 'string' && !(name instanceof UnsafeString)) description += ` of type ${strRepr(pyTypeName(name))}`;
  return `Invalid variable ${description}.`;
}

export const VARIABLE_NAME_HINT =
  'Variable names must be strings starting with a letter or underscore character, and contain only letters, numbers and underscores.';

function checkVariableName(key: YamlNode): void {
  const message = variableNameError(key.kind === 'scalar' ? key.value : toData(key));
  if (message !== undefined) throw new ParseError('VARS_INVALID_NAME', message, { location: key.loc, hint: VARIABLE_NAME_HINT });
}

/**
 * A handler's `listen`: each name must be a string. 2.19 points at the item, or for an item it
 * cannot tag (null, a boolean) at the list, or at the handler when the value was no list.
 */
function checkListen(node: YamlNode, handler: YamlNode): void {
  const items = node.kind === 'seq' ? node.items : [node];
  for (const item of items) {
    const value = toData(item);
    if (typeof value === 'string') continue;
    const untagged = value === null || typeof value === 'boolean';
    const location = !untagged ? item.loc : node.kind === 'seq' ? node.loc : handler.loc;
    throw new ParseError('LISTEN_NOT_STR', `Keyword 'listen' items must be of type 'str', not '${pyTypeName(value)}'.`, { location });
  }
}

/** tags: a list, or a string of comma-separated tags; anything else (None too) fails. */
function checkTags(node: YamlNode): void {
  if (node.kind === 'seq' || (node.kind === 'scalar' && (typeof node.value === 'string' || node.value instanceof UnsafeString))) return;
  throw new ParseError('TAGS_NOT_LIST', 'tags must be specified as a list', nodeOrigin(node));
}

const PROMPT_KEYS = new Set(['name', 'prompt', 'default', 'private', 'confirm', 'encrypt', 'salt_size', 'salt', 'unsafe']);

/** Each prompt needs a name and only known keys; ansible points at the whole `vars_prompt` value. */
function checkVarsPrompt(node: YamlNode): void {
  if (node.kind === 'scalar' && node.value === null) return;
  // NOTE: 2.19 reads vars_prompt as it reads a vars file: one mapping or a list of mappings.
  const prompts = node.kind === 'seq' ? node.items : [node];
  for (const prompt of prompts) {
    if (prompt.kind !== 'map') {
      throw new ParseError('VARS_PROMPT_INVALID', 'Invalid variable file contents.', {
        ...nodeOrigin(prompt),
        hint: 'Variable files must contain either a dictionary of variables, or a list of dictionaries.',
      });
    }
  }
  for (const prompt of prompts) {
    if (prompt.kind !== 'map') continue;
    const keys = prompt.pairs.map(keyText);
    if (!keys.includes('name')) {
      throw new ParseError('VARS_PROMPT_INVALID', "Invalid vars_prompt data structure, missing 'name' key", { location: node.loc });
    }
    const unknown = keys.find((key) => !PROMPT_KEYS.has(key));
    if (unknown !== undefined) {
      throw new ParseError('VARS_PROMPT_INVALID', `Invalid vars_prompt data structure, found unsupported key '${unknown}'`, { location: node.loc });
    }
  }
}

function checkLoopControl(node: YamlNode): void {
  if (node.kind !== 'map') {
    // NOTE: 2.19 names no origin for an empty value (None carries no tag).
    const empty = node.kind === 'scalar' && node.value === null;
    throw new ParseError(
      'LOOP_CONTROL_NOT_DICT',
      'the `loop_control` value must be specified as a dictionary and cannot be a variable itself (though it can contain variables)',
      empty ? {} : { location: node.loc },
    );
  }
  for (const pair of node.pairs) {
    if (!LOOP_CONTROL_NAMES.has(keyText(pair))) throw invalidAttribute(pair, 'LoopControl');
  }
  checkStringKeywords(node.pairs, 'LoopControl', node);
}

/** The keywords 2.19 loads before the others (their FieldAttribute priority; the rest have 0). */
const LOAD_PRIORITY: Readonly<Record<string, number>> = { collections: 100, vars: 100, vars_files: 99, roles: 90 };
const priority = (pair: YamlPair): number => LOAD_PRIORITY[keyText(pair)] ?? 0;

export interface CollectOptions {
  /** Runs once the keywords of priority 90 and above are read, with them: a play's roles load there. */
  readonly afterEarly?: (early: Keywords) => void;
  /** The caller checks string-typed keywords itself (checkStringKeywords), once the record's lists load. */
  readonly deferStringCheck?: boolean;
}

/**
 * Keywords of `map` whose names `allowed` holds, except those in `skip` (handled by the caller).
 * Any other name is an error for this kind. As 2.19's load_data: every name is checked first,
 * then values in their keywords' priority order (vars and collections before the others), then
 * string-typed keywords.
 */
export function collectKeywords(
  map: YamlMap,
  kind: RecordKind,
  allowed: ReadonlySet<string>,
  skip: ReadonlySet<string> = new Set(),
  options: CollectOptions = {},
): Keywords {
  const pairs = skip.size === 0 ? map.pairs : map.pairs.filter((pair) => !skip.has(keyText(pair)));
  for (const pair of pairs) if (!allowed.has(keyText(pair))) throw invalidAttribute(pair, kind);
  const out = new Map<string, Keyword>();
  // Every keyword with a priority has 90 or more; sort is stable, so equal ones keep the file's order.
  const early = pairs.filter((pair) => priority(pair) > 0).sort((a, b) => priority(b) - priority(a));
  for (const pair of early) out.set(keyText(pair), keywordOf(pair.value, keyText(pair), kind));
  options.afterEarly?.(new Map(out));
  for (const pair of pairs) if (priority(pair) === 0) out.set(keyText(pair), keywordOf(pair.value, keyText(pair), kind));
  const listen = out.get('listen')?.node;
  if (kind === 'Handler' && listen && !(listen.kind === 'scalar' && listen.value === null)) checkListen(listen, map);
  if (!options.deferStringCheck) checkStringKeywords(pairs, kind, map);
  // the file's order, as callers read it (already so when no keyword was read early)
  return early.length === 0 ? out : new Map(pairs.map((pair) => [keyText(pair), out.get(keyText(pair)) as Keyword]));
}

/** One keyword's value, validated where 2.19 validates it at load time. */
export function keywordOf(node: YamlNode, name: string, kind: RecordKind): Keyword {
  if (name === 'vars') return { value: varsValue(node, kind), loc: node.loc, node };
  if (name === 'module_defaults') return { value: moduleDefaultsValue(node), loc: node.loc, node };
  if (name === 'tags') checkTags(node);
  if (name === 'register' && !(node.kind === 'scalar' && node.value === null)) {
    const message = variableNameError(node.kind === 'scalar' ? node.value : toData(node));
    if (message !== undefined) {
      // NOTE: 2.19 prints this one as a chain (…specified: <cause>, then the cause's own block).
      const cause = new ParseError('VARS_INVALID_NAME', message, { location: node.loc, hint: VARIABLE_NAME_HINT });
      throw new ParseError('REGISTER_INVALID', "Invalid 'register' specified.", { location: node.loc, cause });
    }
  }
  if (name === 'loop_control') checkLoopControl(node);
  if (name === 'vars_prompt') checkVarsPrompt(node);
  return { value: toData(node), loc: node.loc, node };
}
