/**
 * YAML text → Volant data, as PyYAML's SafeLoader (Ansible's loader) reads it. This is the one
 * place the inventory and vars stages read YAML until src/yaml offers `loadYaml`/`toData`; then
 * this file becomes a thin wrapper around them.
 *
 * NOTE: YAML 1.1 as PyYAML implements it differs from the `yaml` package's 1.1 schema: `y`/`n`
 * stay strings, `1e3` (no dot) is a string, `0755` is octal, `1:20` is sexagesimal (80), and
 * `2024-01-02` is a date (kept here as its text).
 */
import { Alias, isAlias, isMap, isScalar, isSeq, parseDocument, Scalar, type Document, type Node } from 'yaml';
import { PyFloat, UnsafeString, VaultString, type Data, type DataDict, type DictKey } from '../core/data.js';
import { YamlError } from '../core/errors.js';

const BOOL_RE = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const TRUE_WORDS = new Set(['yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const FLOAT_RE =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT_RE = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL_RE = /^(?:~|null|Null|NULL|)$/;

/** Resolves a plain scalar's text the way PyYAML's implicit resolvers do. */
export function resolvePlainScalar(text: string): Data {
  if (NULL_RE.test(text)) return null;
  if (BOOL_RE.test(text)) return TRUE_WORDS.has(text);
  if (INT_RE.test(text)) return parseYamlInt(text);
  if (FLOAT_RE.test(text)) return new PyFloat(parseYamlFloat(text));
  return text;
}

function parseYamlInt(text: string): number {
  let value = text.replace(/_/g, '');
  let sign = 1;
  if (value.startsWith('-')) {
    sign = -1;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  if (value === '0') return 0;
  if (value.startsWith('0b')) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith('0x')) return sign * parseInt(value.slice(2), 16);
  if (value.startsWith('0')) return sign * parseInt(value.slice(1), 8);
  if (value.includes(':')) return sign * sexagesimal(value);
  return sign * parseInt(value, 10);
}

function parseYamlFloat(text: string): number {
  let value = text.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (value.startsWith('-')) {
    sign = -1;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  if (value === '.inf') return sign * Infinity;
  if (value === '.nan') return NaN;
  if (value.includes(':')) return sign * sexagesimal(value);
  return sign * Number(value);
}

function sexagesimal(value: string): number {
  let result = 0;
  for (const part of value.split(':')) result = result * 60 + Number(part);
  return result;
}

/** Parses one YAML document (the first, as Ansible's `load_from_file` does for data files). */
export function loadYamlData(text: string, file: string): Data {
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false, merge: false, version: '1.1', strict: false });
  } catch (error) {
    throw new YamlError('yaml-syntax', `YAML parsing failed: ${(error as Error).message}`, { location: { file, line: 1, column: 1 }, cause: error });
  }
  const first = doc.errors[0];
  if (first) {
    const [line, column] = first.linePos?.[0] ? [first.linePos[0].line, first.linePos[0].col] : [1, 1];
    throw new YamlError('yaml-syntax', `YAML parsing failed: ${first.message}`, { location: { file, line, column }, cause: first });
  }
  const seen = new Map<Node, Data>();
  const convert = (node: unknown): Data => {
    if (node === null || node === undefined) return null;
    if (isAlias(node)) {
      const target = (node as Alias).resolve(doc);
      return target === undefined ? null : convert(target);
    }
    const cached = seen.get(node as Node);
    if (cached !== undefined) return cached;
    if (isScalar(node)) return convertScalar(node);
    if (isSeq(node)) {
      const list: Data[] = [];
      seen.set(node, list);
      for (const item of node.items) list.push(convert(item));
      return list;
    }
    if (isMap(node)) {
      const map: DataDict = new Map();
      seen.set(node, map);
      const merged: DataDict[] = [];
      const own: [DictKey, Data][] = [];
      for (const pair of node.items) {
        const keyNode = pair.key;
        if (isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.value === '<<' && !keyNode.tag) {
          const value = convert(pair.value);
          // NOTE: PyYAML applies a list of merged maps right to left, and the map's own keys win.
          const sources = Array.isArray(value) ? [...value].reverse() : [value];
          for (const source of sources) if (source instanceof Map) merged.push(source);
          continue;
        }
        own.push([toKey(convert(keyNode)), convert(pair.value)]);
      }
      for (const source of merged) for (const [k, v] of source) map.set(k, v);
      for (const [k, v] of own) map.set(k, v);
      return map;
    }
    return null;
  };
  return convert(doc.contents);
}

function convertScalar(node: Scalar): Data {
  const text = node.value === null || node.value === undefined ? '' : String(node.value);
  const tag = node.tag;
  if (tag === '!unsafe') return new UnsafeString(text);
  if (tag === '!vault') return new VaultString(text);
  if (tag === 'tag:yaml.org,2002:str' || tag === '!!str') return text;
  if (tag === 'tag:yaml.org,2002:int' || tag === '!!int') return parseYamlInt(text);
  if (tag === 'tag:yaml.org,2002:float' || tag === '!!float') return new PyFloat(parseYamlFloat(text));
  if (tag === 'tag:yaml.org,2002:bool' || tag === '!!bool') return TRUE_WORDS.has(text);
  if (tag === 'tag:yaml.org,2002:null' || tag === '!!null') return null;
  if (node.type !== 'PLAIN' && node.type !== undefined) return text;
  return resolvePlainScalar(text);
}

function toKey(value: Data): DictKey {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof PyFloat) return value.value;
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof VaultString) return value.plaintext ?? value.ciphertext;
  // Python would reject an unhashable key; a list or dict key never names a variable anyway.
  return JSON.stringify(value);
}
