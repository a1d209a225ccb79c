/**
 * from_yaml's loader: the `yaml` package parses, and the nodes are typed as PyYAML's SafeLoader
 * would type them (YAML 1.1 implicit resolution, `<<` merges, `!unsafe`, `!!str` …).
 */
import { Alias, isAlias, isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node as YNode } from 'yaml';
import { PyDate, PyFloat, UnsafeString, VaultString, type Data, type DataDict, type DictKey } from '../../core/data.js';
import { resolvePlain, type PlainTag } from './ansible-yaml-resolver.js';
import { pyTimestamp } from '../../yaml/timestamp.js';
import { markedErrorText, pyyamlErrorText } from './ansible-yaml-error-text.js';

export class YamlLoadError extends Error {}

/** A constructor error PyYAML marks with where the node it was building and the offending one start. */
class MarkedLoadError extends Error {
  constructor(
    readonly context: string,
    readonly contextOffset: number,
    readonly problem: string,
    readonly problemOffset: number,
  ) {
    super(problem);
  }
}

function constructInt(raw: string): number {
  let text = raw.replaceAll('_', '');
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (text === '0') return 0;
  if (text.startsWith('0b')) return sign * parseInt(text.slice(2), 2);
  if (text.startsWith('0x')) return sign * parseInt(text.slice(2), 16);
  if (text.startsWith('0')) return sign * parseInt(text, 8);
  if (text.includes(':')) {
    let value = 0;
    for (const part of text.split(':')) value = value * 60 + Number(part);
    return sign * value;
  }
  return sign * Number(text);
}

function constructFloat(raw: string): PyFloat {
  let text = raw.replaceAll('_', '').toLowerCase();
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (text === '.inf') return new PyFloat(sign * Infinity);
  if (text === '.nan') return new PyFloat(NaN);
  if (text.includes(':')) {
    let value = 0;
    for (const part of text.split(':')) value = value * 60 + Number(part);
    return new PyFloat(sign * value);
  }
  return new PyFloat(sign * Number(text));
}

function construct(tag: PlainTag, text: string): Data {
  switch (tag) {
    case 'null':
      return null;
    case 'bool':
      return ['yes', 'true', 'on'].includes(text.toLowerCase());
    case 'int':
      return constructInt(text);
    case 'float':
      return constructFloat(text);
    case 'timestamp': {
      // A date or datetime, as the playbook loader makes one (PyYAML's SafeLoader).
      const stamp = pyTimestamp(text);
      return stamp === undefined ? text : new PyDate(stamp.kind, stamp.text);
    }
    default:
      return text;
  }
}

const TAGS: Record<string, PlainTag> = {
  'tag:yaml.org,2002:str': 'str',
  'tag:yaml.org,2002:int': 'int',
  'tag:yaml.org,2002:float': 'float',
  'tag:yaml.org,2002:bool': 'bool',
  'tag:yaml.org,2002:null': 'null',
  'tag:yaml.org,2002:timestamp': 'timestamp',
};

function toKey(value: Data): DictKey {
  if (value instanceof PyFloat) return value.value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof VaultString) return value.ciphertext;
  // NOTE: Volant's dict keys have no date type; a date key becomes its str().
  if (value instanceof PyDate) return value.text;
  // convert() refuses these first, with PyYAML's marks.
  if (Array.isArray(value) || value instanceof Map) throw new YamlLoadError('found unhashable key');
  return value;
}

function convert(node: YNode | null | undefined, doc: Document, seen: Map<YNode, Data>): Data {
  if (node === null || node === undefined) return null;
  if (isAlias(node)) {
    const target = (node as Alias).resolve(doc);
    if (!target) throw new YamlLoadError(`found undefined alias ${(node as Alias).source}`);
    return seen.get(target as YNode) ?? convert(target as YNode, doc, seen);
  }
  if (isScalar(node)) {
    const text = String(node.source ?? node.value ?? '');
    const tag = node.tag;
    if (tag === '!unsafe') return new UnsafeString(text);
    if (tag === '!vault') return new VaultString(text);
    let result: Data;
    if (tag !== undefined && tag !== '!') result = construct(TAGS[tag] ?? 'str', text);
    else if (node.type === 'PLAIN' && tag === undefined) result = construct(resolvePlain(text), text);
    else result = typeof node.value === 'string' ? node.value : text;
    seen.set(node, result);
    return result;
  }
  if (isSeq(node)) {
    const list: Data[] = [];
    seen.set(node, list);
    for (const item of node.items) list.push(convert(item as YNode, doc, seen));
    return list;
  }
  if (isMap(node)) {
    const map: DataDict = new Map();
    seen.set(node, map);
    const merges: DataDict[] = [];
    for (const pair of node.items) {
      const keyNode = pair.key as YNode | null;
      if (keyNode && isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.source === '<<' && keyNode.tag === undefined) {
        const value = convert(pair.value as YNode, doc, seen);
        const sources = Array.isArray(value) ? value : [value];
        for (const source of sources) {
          if (!(source instanceof Map)) throw new YamlLoadError('expected a mapping or list of mappings for merging');
          merges.push(source);
        }
        continue;
      }
      const key = convert(keyNode, doc, seen);
      if (Array.isArray(key) || key instanceof Map) throw new MarkedLoadError('while constructing a mapping', node.range?.[0] ?? 0, 'found unhashable key', keyNode?.range?.[0] ?? 0);
      map.set(toKey(key), convert(pair.value as YNode, doc, seen));
    }
    if (merges.length > 0) {
      const merged: DataDict = new Map();
      for (const source of merges) for (const [k, v] of source) if (!merged.has(k)) merged.set(k, v);
      for (const [k, v] of map) merged.set(k, v);
      return merged;
    }
    return map;
  }
  return null;
}

export function loadYamlDocuments(text: string): Data[] {
  const docs = parseAllDocuments(text, { schema: 'failsafe', merge: false, uniqueKeys: false, strict: false, prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [];
  const out: Data[] = [];
  for (const doc of list) {
    const error = doc.errors[0];
    if (error) throw new YamlLoadError(pyyamlErrorText(error, text));
    try {
      out.push(convert(doc.contents as YNode | null, doc, new Map()));
    } catch (e) {
      if (!(e instanceof MarkedLoadError)) throw e;
      throw new YamlLoadError(markedErrorText(text, e.context, e.contextOffset, e.problem, e.problemOffset));
    }
  }
  return out;
}
