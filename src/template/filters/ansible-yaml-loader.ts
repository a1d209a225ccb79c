/**
 * from_yaml's loader: the `yaml` package parses, and the nodes are typed as PyYAML's SafeLoader
 * would type them (YAML 1.1 implicit resolution, `<<` merges, `!!str` …). NOTE: 2.19's from_yaml
 * loader has none of Ansible's own tags: `!unsafe` and `!vault` are unknown there.
 */
import { Alias, isAlias, isMap, isScalar, isSeq, type Document, type Node as YNode } from 'yaml';
import { parseAllDocumentsAsLibyaml } from '../../yaml/libyaml-documents.js';
import { PyDate, PyFloat, UnsafeString, VaultString, markTuple, pyRepr, strRepr, type Data, type DataDict, type DictKey } from '../../core/data.js';
import { markSetList } from '../../core/set-lists.js';
import { resolvePlain, type PlainTag } from './ansible-yaml-resolver.js';
import { pyTimestamp } from '../../yaml/timestamp.js';
import { blockScalarText } from '../../yaml/block-scalar.js';
import { markedErrorText, pyyamlErrorText } from './ansible-yaml-error-text.js';

export class YamlLoadError extends Error {}

/** A warning (a duplicate key) or deprecation (`!!omap`) 2.19's loader shows, at an offset of the text. */
export interface YamlLoadWarning {
  readonly message: string;
  readonly help: string;
  readonly offset: number;
  /** The key a duplicate-key warning is about (a bool or None is shown without its place). */
  readonly key?: Data;
  readonly version?: string;
}

/** One document's walk: what has been built (aliases), and the warnings met on the way. */
interface Walk {
  readonly doc: Document;
  readonly seen: Map<YNode, Data>;
  readonly text: string;
  readonly notes: { depth: number; order: number; warning: YamlLoadWarning }[] | undefined;
  order: number;
}

function pairsTagDeprecation(tag: string, offset: number): YamlLoadWarning {
  const name = tag.slice(tag.lastIndexOf(':') + 1);
  const help = name === 'omap' ? 'Use a standard mapping instead, as key order is always preserved.' : 'Use a standard mapping instead.';
  return { message: `Use of the YAML \`!!${name}\` tag is deprecated.`, help, offset, version: '2.23' };
}

function duplicateKeyWarning(key: Data, offset: number): YamlLoadWarning {
  const shown = key === null ? 'None' : typeof key === 'boolean' ? (key ? 'True' : 'False') : typeof key === 'string' ? strRepr(key) : pyRepr(key);
  return { message: `Found duplicate mapping key ${shown}.`, help: 'Using last defined value only.', offset, key };
}

/** Python's dict key equality: True is 1, False is 0. */
function keyIdentity(key: Data): string {
  if (key === null) return 'None';
  if (typeof key === 'boolean') return `n:${key ? 1 : 0}`;
  if (typeof key === 'number' || typeof key === 'bigint') return `n:${key}`;
  if (key instanceof PyFloat) return `n:${key.value}`;
  if (typeof key === 'string') return `s:${key}`;
  if (key instanceof PyDate) return `d:${key.kind}:${key.text}`;
  return `x:${String(key)}`;
}

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

const SEQ_TAG = 'tag:yaml.org,2002:seq';
const MAP_TAG = 'tag:yaml.org,2002:map';
const SET_TAG = 'tag:yaml.org,2002:set';
const PAIRS_TAGS: Record<string, string> = { 'tag:yaml.org,2002:omap': 'an ordered map', 'tag:yaml.org,2002:pairs': 'pairs' };
const BINARY_TAG = 'tag:yaml.org,2002:binary';

/**
 * Where a node starts as PyYAML marks it, at its first property (tag or anchor); the `yaml`
 * package's range starts after them.
 */
function tagOffset(text: string, node: YNode): number {
  let first = node.range?.[0] ?? 0;
  for (let words = 0; words < 2; words++) {
    let end = first;
    while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--;
    let start = end;
    while (start > 0 && !/[\s[{,]/.test(text[start - 1] ?? '')) start--;
    if (start === end || (text[start] !== '!' && text[start] !== '&')) break;
    first = start;
  }
  return first;
}

/** NOTE: PyYAML's SafeLoader refuses a tag it has no constructor for (`!foo`, `!!python/name:…`). */
function unknownTag(text: string, node: YNode, tag: string): MarkedLoadError {
  return new MarkedLoadError('', 0, `could not determine a constructor for the tag '${tag}'`, tagOffset(text, node));
}

/** `!!omap`/`!!pairs`: a sequence of one-item mappings, loaded as (key, value) tuples. */
function constructPairs(node: YNode & { items: unknown[] }, what: string, w: Walk, depth: number): Data[] {
  const text = w.text;
  const out: Data[] = [];
  for (const item of node.items as YNode[]) {
    if (!isMap(item)) {
      const kind = isSeq(item) ? 'sequence' : 'scalar';
      throw new MarkedLoadError(`while constructing ${what}`, tagOffset(text, node), `expected a mapping of length 1, but found ${kind}`, item.range?.[0] ?? 0);
    }
    if (item.items.length !== 1) {
      throw new MarkedLoadError(`while constructing ${what}`, tagOffset(text, node), `expected a single mapping item, but found ${item.items.length} items`, item.range?.[0] ?? 0);
    }
    const pair = item.items[0];
    out.push(markTuple([convert(pair?.key as YNode, w, -1, depth + 1), convert(pair?.value as YNode, w, -1, depth + 1)]));
  }
  return out;
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

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

/** `indent`: the column of the block collection around the node (-1 at the top), for block scalars. */
function convert(node: YNode | null | undefined, w: Walk, indent = -1, depth = 0): Data {
  if (node === null || node === undefined) return null;
  const { doc, seen, text } = w;
  if (isAlias(node)) {
    const target = (node as Alias).resolve(doc);
    if (!target) throw new YamlLoadError(`found undefined alias ${(node as Alias).source}`);
    return seen.get(target as YNode) ?? convert(target as YNode, w, -1, depth);
  }
  if (isScalar(node)) {
    const value = String(node.source ?? node.value ?? '');
    const tag = node.tag;
    let result: Data;
    // NOTE: Python's bytes have no counterpart here: !!binary gives the text they decode to.
    if (tag === BINARY_TAG) result = Buffer.from(value.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (tag !== undefined && tag !== '!') {
      const plain = TAGS[tag];
      if (plain === undefined) throw unknownTag(text, node, tag);
      result = construct(plain, value);
    }
    // NOTE: the non-specific tag '!' resolves as a plain scalar would, quoted or not (PyYAML).
    else if ((node.type === 'PLAIN' && tag === undefined) || tag === '!') result = construct(resolvePlain(value), value);
    // NOTE: a block scalar is read again as libyaml scans it (the package drops its last lines of spaces).
    else if ((node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') && node.range) result = blockScalarText(text, node.range[0], indent);
    else result = typeof node.value === 'string' ? node.value : value;
    seen.set(node, result);
    return result;
  }
  if (isSeq(node)) {
    const pairs = node.tag === undefined ? undefined : PAIRS_TAGS[node.tag];
    if (pairs !== undefined) {
      w.notes?.push({ depth, order: w.order++, warning: pairsTagDeprecation(node.tag as string, tagOffset(text, node)) });
      return constructPairs(node, pairs, w, depth);
    }
    if (node.tag !== undefined && node.tag !== '!' && node.tag !== SEQ_TAG) throw unknownTag(text, node, node.tag);
    const list: Data[] = [];
    seen.set(node, list);
    const inner = node.flow === true ? indent : columnOf(text, node.range?.[0] ?? 0);
    for (const item of node.items) list.push(convert(item as YNode, w, inner, depth + 1));
    return list;
  }
  if (isMap(node)) {
    if (node.tag !== undefined && node.tag !== '!' && node.tag !== MAP_TAG && node.tag !== SET_TAG) throw unknownTag(text, node, node.tag);
    const map: DataDict = new Map();
    seen.set(node, map);
    const inner = node.flow === true ? indent : columnOf(text, node.range?.[0] ?? 0);
    // NOTE: PyYAML puts merged pairs first: those of each `<<` key in order, a list's sources
    // last to first; then the mapping's own. A later pair wins, in the first one's place.
    const merged: [DictKey, Data][] = [];
    const own: [Data, number, Data][] = [];
    for (const pair of node.items) {
      const keyNode = pair.key as YNode | null;
      if (keyNode && isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.source === '<<' && keyNode.tag === undefined) {
        const value = convert(pair.value as YNode, w, inner, depth + 1);
        const sources = Array.isArray(value) ? [...value].reverse() : [value];
        for (const source of sources) {
          if (!(source instanceof Map)) throw new YamlLoadError('expected a mapping or list of mappings for merging');
          merged.push(...source.entries());
        }
        continue;
      }
      const key = convert(keyNode, w, inner, depth + 1);
      if (Array.isArray(key) || key instanceof Map) throw new MarkedLoadError('while constructing a mapping', node.range?.[0] ?? 0, 'found unhashable key', keyNode?.range?.[0] ?? 0);
      own.push([key, keyNode?.range?.[0] ?? 0, convert(pair.value as YNode, w, inner, depth + 1)]);
    }
    // NOTE: 2.19 warns of each key met again, a merged one overridden too; the last value wins, in the first one's place.
    const order = w.order++;
    // Python's keys: an equal key met again (True after 1) keeps the first one's key.
    const firstKeys = new Map<string, DictKey>();
    const add = (key: Data, value: Data, offset: number | undefined): void => {
      const identity = keyIdentity(key);
      if (!firstKeys.has(identity)) firstKeys.set(identity, toKey(key));
      else if (offset !== undefined) w.notes?.push({ depth, order, warning: duplicateKeyWarning(key, offset) });
      map.set(firstKeys.get(identity) as DictKey, value);
    };
    for (const [k, v] of merged) add(k, v, undefined);
    for (const [k, offset, v] of own) add(k, v, offset);
    // NOTE: a !!set is a Python set, which Ansible hands on as a list of its members.
    return node.tag === SET_TAG ? markSetList([...map.keys()]) : map;
  }
  return null;
}

/**
 * libyaml's scan of a directive's name at the start of the text: letters, digits, `-` and `_`,
 * then a blank or the line's end, and only YAML or TAG. The `yaml` package reads any text.
 */
function checkDirectiveName(text: string): void {
  if (!text.startsWith('%')) return;
  const name = /^%([A-Za-z0-9_-]*)/.exec(text)?.[1] ?? '';
  const next = text[name.length + 1];
  let problem: string | undefined;
  if (name === '') problem = 'could not find expected directive name';
  else if (next !== undefined && !/[ \t\r\n]/.test(next)) problem = 'found unexpected non-alphabetical character';
  else if (name !== 'YAML' && name !== 'TAG') problem = 'found unknown directive name';
  if (problem !== undefined) throw new YamlLoadError(markedErrorText(text, 'while scanning a directive', 0, problem, name.length + 1));
}

/**
 * The documents of a YAML stream. `eachInTurn` is load_all's order: a document is constructed
 * before the parser reads past its end, so its own error (an unhashable key) comes before that of
 * text after it.
 */
export function loadYamlDocuments(text: string, eachInTurn = false, warnings?: YamlLoadWarning[]): Data[] {
  checkDirectiveName(text);
  const docs = parseAllDocumentsAsLibyaml(text, { schema: 'failsafe', merge: false, uniqueKeys: false, strict: false, prettyErrors: false, resolveKnownTags: false });
  const list = Array.isArray(docs) ? docs : [];
  const out: Data[] = [];
  for (const doc of list) {
    const error = doc.errors[0];
    const contents = doc.contents as YNode | null;
    const afterContents = error !== undefined && eachInTurn && contents?.range !== undefined && contents.range !== null && error.pos[0] >= contents.range[1];
    if (error && !afterContents) throw new YamlLoadError(pyyamlErrorText(error, text));
    const notes: Walk['notes'] = warnings ? [] : undefined;
    try {
      out.push(convert(contents, { doc, seen: new Map(), text, notes, order: 0 }));
      // NOTE: PyYAML builds nested mappings after the one holding them: warnings come by depth.
      if (notes) warnings?.push(...notes.sort((a, b) => a.depth - b.depth || a.order - b.order).map((n) => n.warning));
    } catch (e) {
      if (!(e instanceof MarkedLoadError)) throw e;
      throw new YamlLoadError(markedErrorText(text, e.context, e.contextOffset, e.problem, e.problemOffset));
    }
    if (error) throw new YamlLoadError(pyyamlErrorText(error, text));
  }
  return out;
}
