/**
 * A record's keywords from its YAML mapping, checked against its kind's table, with the checks
 * ansible-core 2.19 makes while loading (not when running): unknown names, `vars` a mapping,
 * `tags` a list, `loop_control` a mapping of known names.
 */
import type { DataDict } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { YamlMap, YamlNode, YamlPair } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { LOOP_CONTROL_KEYWORDS } from './loop-control-keywords.js';
import type { Keyword, Keywords } from './model.js';
import { keyText } from './yaml-access.js';

/** The class name ansible prints for a record kind. */
export type RecordKind = 'Play' | 'Block' | 'Task' | 'Handler' | 'PlaybookInclude' | 'RoleInclude';

const LOOP_CONTROL_NAMES = new Set(LOOP_CONTROL_KEYWORDS.map((k) => k.name));

export function invalidAttribute(pair: YamlPair, kind: string): ParseError {
  // NOTE: only tasks (and handlers) mention the configuration switch, on a second line.
  const suffix =
    kind === 'Task' || kind === 'Handler'
      ? '\nThis error can be suppressed as a warning using the "invalid_task_attribute_failed" configuration'
      : '';
  return new ParseError('INVALID_ATTRIBUTE', `'${keyText(pair)}' is not a valid attribute for a ${kind}${suffix}`, { location: pair.key.loc });
}

/** `vars:` as a dict: a mapping, or a list of mappings merged in order. */
function varsValue(node: YamlNode, kind: RecordKind): DataDict {
  const fail = (): never => {
    throw new ParseError('VARS_NOT_DICT', `Vars in a ${kind} must be specified as a dictionary.`, { location: node.loc });
  };
  const value = toData(node);
  if (value === null) return new Map();
  if (value instanceof Map) return value;
  if (!Array.isArray(value)) return fail();
  const merged: DataDict = new Map();
  for (const item of value) {
    if (!(item instanceof Map)) return fail();
    for (const [k, v] of item) merged.set(k, v);
  }
  return merged;
}

function checkTags(node: YamlNode): void {
  if (node.kind === 'map') throw new ParseError('TAGS_NOT_LIST', 'tags must be specified as a list', { location: node.loc });
}

function checkLoopControl(node: YamlNode): void {
  if (node.kind === 'scalar' && node.value === null) return;
  if (node.kind !== 'map') {
    throw new ParseError(
      'LOOP_CONTROL_NOT_DICT',
      'the `loop_control` value must be specified as a dictionary and cannot be a variable itself (though it can contain variables)',
      { location: node.loc },
    );
  }
  for (const pair of node.pairs) {
    if (!LOOP_CONTROL_NAMES.has(keyText(pair))) throw invalidAttribute(pair, 'LoopControl');
  }
}

/**
 * Keywords of `map` whose names `allowed` holds, except those in `skip` (handled by the caller).
 * Any other name is an error for this kind.
 */
export function collectKeywords(map: YamlMap, kind: RecordKind, allowed: ReadonlySet<string>, skip: ReadonlySet<string> = new Set()): Keywords {
  const out = new Map<string, Keyword>();
  for (const pair of map.pairs) {
    const name = keyText(pair);
    if (skip.has(name)) continue;
    if (!allowed.has(name)) throw invalidAttribute(pair, kind);
    out.set(name, keywordOf(pair.value, name, kind));
  }
  return out;
}

/** One keyword's value, validated where 2.19 validates it at load time. */
export function keywordOf(node: YamlNode, name: string, kind: RecordKind): Keyword {
  if (name === 'vars') return { value: varsValue(node, kind), loc: node.loc, node };
  if (name === 'tags') checkTags(node);
  if (name === 'loop_control') checkLoopControl(node);
  return { value: toData(node), loc: node.loc, node };
}
