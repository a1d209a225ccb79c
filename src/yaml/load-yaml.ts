/**
 * YAML text → located nodes, as ansible-core 2.19 reads it: PyYAML's YAML 1.1 resolution with
 * Ansible's constructor (`!unsafe`, `!vault`, duplicate keys warned, last one wins).
 *
 * The `yaml` package parses with the failsafe schema (every scalar a string, with its style and
 * tag); this module then composes and constructs the way PyYAML does: anchors and aliases,
 * `<<` merges, implicit scalar types.
 */
import { isJsonText } from './json-text.js';
import { isAlias, isMap, isScalar, isSeq, Scalar } from 'yaml';
import { firstTokenOffset, isDocumentEndAt, parseAllDocumentsAsLibyaml } from './libyaml-documents.js';
import type { Node as CstNode } from 'yaml';
import type { Data } from '../core/data.js';
import { PyDate, UnsafeString, VaultString, pyRepr } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { YamlError } from '../core/errors.js';
import { LineIndex } from './line-index.js';
import { decodeSurrogateEscape } from '../core/surrogate-escape.js';
import { libyamlProblem, unknownDirective } from './libyaml-problem.js';
import type { YamlMap, YamlNode, YamlPair, YamlScalar, YamlSeq } from './node.js';
import { constructScalar, PythonValueError, resolvePlainTag } from './pyyaml-scalar.js';
import { loadSimpleBlockYaml } from './simple-block-yaml.js';
import { blockScalarText } from './block-scalar.js';
import { composerProblemBefore } from './composer-problem-first.js';
import { blockMapStart, checkBlockKeys, checkKeyLengths } from './mapping-key-checks.js';
import { readerError } from './libyaml-reader.js';
import { ScannedZones, tabAfterEntryIndicator, tabAfterPlain, tabInBlockScalar } from './libyaml-tabs.js';
import type { ScalarTag } from './pyyaml-scalar.js';
import { yamlFailure } from './yaml-failure.js';
import type { YamlProblem } from './yaml-failure.js';

/**
 * A warning Ansible prints with an origin (today: duplicate mapping keys). `origin` and `help`
 * repeat `location` and `hint` so that it is also a run/events DisplayEvent for a callback.
 */
export interface YamlWarning {
  readonly message: string;
  readonly location: SourceLocation;
  readonly hint?: string;
  /** Absent where 2.19 has no value to tell the origin of (a None key). */
  readonly origin?: SourceLocation;
  readonly help?: string;
  /** A deprecation (`!!omap`), removed in this ansible-core version, rather than a warning. */
  readonly version?: string;
}

export interface LoadedYaml {
  readonly documents: YamlNode[];
  /** The warnings' message lines, in the order Ansible prints them. */
  readonly warnings: string[];
  /** The same warnings with location and hint, for a formatter that prints the code frame. */
  readonly diagnostics: YamlWarning[];
}

const CORE = 'tag:yaml.org,2002:';
/** Tags ansible's constructor knows on mappings and sequences (sets and ordered maps read as mappings/lists). */
const COLLECTION_TAGS = new Set(['!unsafe', '!vault', '!vault-encrypted', ...['map', 'seq', 'set', 'omap', 'pairs', 'python/dict'].map((t) => `${CORE}${t}`)]);

class Problem extends Error {
  constructor(readonly problem: YamlProblem) {
    super(problem.problem);
  }
}

/** A problem PyYAML's constructor meets (an unhashable key, a bad merge), not its parser. */
class ConstructorProblem extends Problem {}

/** The YAML warnings 2.19 shows before a file's error (duplicate keys its constructor met first). */
const warningsBeforeError = new WeakMap<object, YamlWarning[]>();

export function yamlWarningsBefore(error: unknown): readonly YamlWarning[] {
  return typeof error === 'object' && error !== null ? (warningsBeforeError.get(error) ?? []) : [];
}

class Composer {
  private anchors = new Map<string, { node: YamlNode; offset: number }>();
  private readonly pending: { warning: YamlWarning; depth: number; order: number }[] = [];
  /** Text spans libyaml's scanner reads as a node's; none kept for a text without tabs (no check to make). */
  private readonly scannedZones: ScannedZones | undefined;
  private mapCount = 0;
  /** The indentation of the block collection being composed (libyaml's parser indent), -1 at the top. */
  private blockIndent = -1;
  /**
   * NOTE: PyYAML composes a whole document before it constructs any of it, breadth-first: a
   * constructor problem waits here for the parser's, and the first one in construction order wins.
   */
  private constructorFailure: { problem: ConstructorProblem; depth: number; order: number } | undefined;

  constructor(
    readonly text: string,
    private readonly file: string,
    readonly lines: LineIndex,
    /** The text is valid JSON: ansible reads it with json.loads, not PyYAML. */
    private readonly json = false,
  ) {
    this.scannedZones = text.includes('\t') ? new ScannedZones(text) : undefined;
  }

  newDocument(): void {
    this.anchors = new Map();
  }

  loc(offset: number): SourceLocation {
    // NOTE: json.loads records no positions: 2.19 gives what it read the file name alone.
    if (this.json) return { file: this.file, line: 0, column: 0 };
    return { file: this.file, ...this.lines.position(offset) };
  }

  fail(offset: number, problem: string, context?: string, fromAnsible = false): never {
    throw new Problem({ problem, ...(context === undefined ? {} : { context }), ...this.lines.position(offset), fromAnsible });
  }

  /** Where a node's properties (`&anchor`, `!tag`) begin: PyYAML marks a node from there. */
  propertiesStart(node: CstNode, start: number): number {
    let count = (node.anchor === undefined ? 0 : 1) + (node.tag === undefined ? 0 : 1);
    let at = start;
    while (count > 0) {
      let end = at;
      while (end > 0 && /\s/.test(this.text[end - 1] ?? '')) end--;
      let begin = end;
      while (begin > 0 && !/\s/.test(this.text[begin - 1] ?? '')) begin--;
      const word = this.text.slice(begin, end);
      if (!word.startsWith('!') && !word.startsWith('&')) break;
      at = begin;
      count--;
    }
    return at;
  }

  /**
   * NOTE: libyaml's anchor and alias names are letters, digits, '_' and '-' only, ended by a blank
   * or an indicator; the YAML 1.2 parser takes more (`&x!`): libyaml stops at the first other one.
   */
  private checkAnchorName(name: string, markerOffset: number, what: string): void {
    const bad = /[^0-9A-Za-z_-]/.exec(name);
    if (bad === null || '?:,]}%@`'.includes(bad[0])) return;
    this.fail(markerOffset + 1 + bad.index, 'did not find expected alphabetic or numeric character', `while scanning ${what}`);
  }

  /** The first tab libyaml refuses on a blank or comment line from `from` to `to` fails there. */
  checkBlankLineTabs(from: number, to: number): void {
    const tab = this.scannedZones?.blankLineTab(from, to) ?? -1;
    if (tab >= 0) this.fail(tab, 'found character that cannot start any token', 'while scanning for the next token');
  }

  private checkEntryTabs(item: unknown, collectionStart: number): void {
    const entryStart = (item as CstNode | null)?.range?.[0];
    if (entryStart !== undefined) {
      const tab = tabAfterEntryIndicator(this.text, this.propertiesStart(item as CstNode, entryStart));
      if (tab >= 0) this.fail(tab, 'found character that cannot start any token', 'while scanning for the next token');
    }
    this.checkTabAfterPlain(item, collectionStart);
  }

  private checkTabAfterPlain(node: unknown, collectionStart: number): void {
    const minIndent = this.lines.position(collectionStart).column;
    const tab = tabAfterPlain(this.text, node, minIndent);
    if (tab >= 0) this.fail(tab, 'found a tab character that violates indentation', 'while scanning a plain scalar');
    const blockTab = tabInBlockScalar(this.text, node, minIndent);
    if (blockTab >= 0) this.fail(blockTab, 'found a tab character where an indentation space is expected', 'while scanning a block scalar');
  }

  /** Where an anchor is written, for the duplicate-anchor mark. */
  private anchorOffset(anchor: string, start: number): number {
    const at = this.text.lastIndexOf(`&${anchor}`, start);
    return at >= 0 ? at : start;
  }

  /**
   * NOTE: PyYAML builds nested collections breadth-first (each level's generators run after the
   * level above), so duplicate-key warnings come out by nesting depth, then document order.
   */
  diagnostics(): YamlWarning[] {
    return [...this.pending].sort((a, b) => a.depth - b.depth || a.order - b.order).map((p) => p.warning);
  }

  /** The document's first constructor problem, with the duplicate-key warnings constructed before it. */
  takeConstructorFailure(): { problem: YamlProblem; warnings: YamlWarning[] } | undefined {
    const failure = this.constructorFailure;
    if (failure === undefined) return undefined;
    this.constructorFailure = undefined;
    const before = this.pending.filter((p) => p.depth < failure.depth || (p.depth === failure.depth && p.order < failure.order));
    return { problem: failure.problem.problem, warnings: before.sort((a, b) => a.depth - b.depth || a.order - b.order).map((p) => p.warning) };
  }

  compose(node: unknown, fallbackOffset: number, unsafe: boolean, depth = 0): YamlNode {
    if (node === null || node === undefined) {
      return { kind: 'scalar', value: null, loc: this.loc(fallbackOffset), style: 'plain' };
    }
    if (isAlias(node)) {
      const start = node.range?.[0] ?? fallbackOffset;
      this.checkAnchorName(node.source, start, 'an alias');
      const target = this.anchors.get(node.source);
      // NOTE: libyaml's composer does not name the alias in this message.
      if (target === undefined) this.fail(start, 'found undefined alias');
      return unsafe ? this.markUnsafe(target.node) : target.node;
    }
    const cst = node as CstNode;
    const valueStart = cst.range?.[0] ?? fallbackOffset;
    const start = this.propertiesStart(cst, valueStart);
    const anchor = cst.anchor;
    if (anchor !== undefined) this.checkAnchorName(anchor, this.anchorOffset(anchor, valueStart), 'an anchor');
    if (anchor !== undefined && this.anchors.has(anchor)) {
      this.fail(this.anchorOffset(anchor, valueStart), 'second occurrence', 'found duplicate anchor; first occurrence');
    }
    const tag = cst.tag;
    const innerUnsafe = unsafe || tag === '!unsafe';
    // NOTE: PyYAML's composer knows a collection's anchor before its items, so an alias inside
    // it is the collection itself (`&a [*a]`): a recursive value, filled in below.
    const recursive = anchor !== undefined && (isMap(node) || isSeq(node)) ? this.emptyCollection(node, start) : undefined;
    if (anchor !== undefined && recursive !== undefined) this.anchors.set(anchor, { node: recursive, offset: start });
    let built: YamlNode;
    this.scannedZones?.note(node);
    const outerIndent = this.blockIndent;
    if (isScalar(node)) built = this.scalar(node, start, innerUnsafe);
    else if (isMap(node)) {
      if (!node.flow) this.checkPropsBeforeKey(node.range?.[0]);
      if (!node.flow) checkBlockKeys(this, node.items, start, valueStart);
      else checkKeyLengths(this, node.items, true);
      if (!node.flow && this.scannedZones) for (const pair of node.items) this.checkTabAfterPlain(pair.value, start);
      if (!node.flow) this.blockIndent = this.lines.position(blockMapStart(this, node.items, valueStart)).column - 1;
      built = this.mapping(node.items, start, innerUnsafe, depth);
    }
    else if (isSeq(node)) {
      if (!node.flow && this.scannedZones) for (const item of node.items) this.checkEntryTabs(item, start);
      if (!node.flow) this.blockIndent = this.lines.position(valueStart).column - 1;
      built = this.sequence(node.items, start, innerUnsafe, depth);
    }
    else this.fail(start, 'unexpected node');
    this.blockIndent = outerIndent;
    if (tag !== undefined && !isScalar(node) && !COLLECTION_TAGS.has(tag)) {
      this.fail(start, `could not determine a constructor for the tag '${tag}'`);
    }
    if (tag === '!vault' || tag === '!vault-encrypted') built = this.vault(built, start, tag);
    // NOTE: PyYAML builds a `!!set` mapping as the set of its keys.
    if (tag === `${CORE}set` && built.kind === 'map') built = { kind: 'seq', items: built.pairs.map((pair) => pair.key), loc: built.loc, set: true };
    if (tag === `${CORE}omap` || tag === `${CORE}pairs`) {
      this.pending.push({ warning: pairsTagDeprecation(tag.slice(CORE.length), this.loc(start)), depth, order: this.mapCount++ });
      built = pairsOf(built);
    }
    if (recursive !== undefined) return Object.assign(recursive, built);
    if (anchor !== undefined) this.anchors.set(anchor, { node: built, offset: start });
    return built;
  }

  /**
   * NOTE: libyaml takes an anchor or tag alone on a line before a block mapping's `?` as starting a
   * node there, where no key may start; the `yaml` package gives them to the mapping.
   */
  private checkPropsBeforeKey(first: number | undefined): void {
    if (first === undefined || this.text[first] !== '?') return;
    const lineStart = this.text.lastIndexOf('\n', first - 1) + 1;
    if (/^[ ]*(?:[&!]\S*[ ]+)+$/.test(this.text.slice(lineStart, first))) this.fail(first, 'mapping keys are not allowed in this context');
  }

  private emptyCollection(node: unknown, start: number): YamlNode {
    return isMap(node) ? { kind: 'map', pairs: [], loc: this.loc(start) } : { kind: 'seq', items: [], loc: this.loc(start) };
  }

  private vault(node: YamlNode, start: number, tag: string): YamlNode {
    if (node.kind !== 'scalar' || typeof node.value !== 'string') {
      this.fail(start, `the '${tag}' tag requires a string value`, undefined, true);
    }
    const at = this.loc(start);
    return { ...node, value: new VaultString(node.value, undefined, `${at.file}:${at.line}:${at.column}`) };
  }

  private markUnsafe(node: YamlNode, done = new Map<YamlNode, YamlNode>()): YamlNode {
    if (node.kind === 'scalar') {
      return typeof node.value === 'string' ? { ...node, value: new UnsafeString(node.value) } : node;
    }
    const known = done.get(node);
    if (known !== undefined) return known;
    // A recursive value stays recursive: the copy is known before its items are.
    const copy: YamlNode = node.kind === 'seq' ? { ...node, items: [] } : { ...node, pairs: [] };
    done.set(node, copy);
    if (node.kind === 'seq') return Object.assign(copy, { items: node.items.map((item) => this.markUnsafe(item, done)) });
    return Object.assign(copy, { pairs: node.pairs.map((pair) => ({ key: this.markUnsafe(pair.key, done), value: this.markUnsafe(pair.value, done) })) });
  }

  private scalar(node: Scalar, start: number, unsafe: boolean): YamlScalar {
    const style = scalarStyle(node.type);
    const header = node.range?.[0];
    const text = style === 'block' && header !== undefined ? blockScalarText(this.text, header, this.blockIndent) : String(node.value);
    let tagName: ScalarTag;
    const tag = node.tag;
    // NOTE: `!unsafe` and `!vault` re-resolve the text as if it were plain, even when quoted:
    // `!unsafe '1'` is the int 1 in Ansible.
    if (tag === undefined && this.json && style === 'plain') tagName = jsonScalarTag(text);
    else if (tag === undefined) tagName = style === 'plain' ? resolvePlainTag(text) : 'str';
    else if (tag === '!unsafe' || tag === '!vault' || tag === '!vault-encrypted') tagName = resolvePlainTag(text);
    else if (tag === '!' || tag === `${CORE}str`) tagName = 'str';
    else if (tag === `${CORE}binary`) {
      // NOTE: PyYAML builds `bytes`; Volant's model has none, so the bytes become the str
      // Ansible's to_text makes of them (UTF-8, a byte that is not kept as a lone surrogate:
      // displayed as '?', written back as the byte).
      // The `yaml` package may have decoded the bytes already (a Uint8Array, whose String() is its numbers).
      const problem = base64Problem(node.value instanceof Uint8Array && typeof node.source === 'string' ? node.source : text);
      if (problem !== undefined) this.fail(start, `Failed to decode base64 data: ${problem}.`, undefined, true);
      const bytes = node.value instanceof Uint8Array ? Buffer.from(node.value) : Buffer.from(text.replace(/\s+/g, ''), 'base64');
      return { kind: 'scalar', value: decodeSurrogateEscape(bytes), loc: this.loc(start), style };
    }
    else if (tag.startsWith(CORE) && ['null', 'bool', 'int', 'float', 'timestamp'].includes(tag.slice(CORE.length))) {
      tagName = tag.slice(CORE.length) as ScalarTag;
    } else {
      this.fail(start, `could not determine a constructor for the tag '${tag}'`);
    }
    let resolved;
    try {
      resolved = constructScalar(tagName, text);
    } catch (error) {
      // NOTE: Python's own ValueError has no mark: Ansible prints its words as they are, with no line.
      if (error instanceof PythonValueError) throw new Problem({ problem: error.message, line: 0, column: 0, unmarked: true });
      this.fail(start, error instanceof Error ? error.message : String(error));
    }
    const value: Data = unsafe && typeof resolved.value === 'string' ? new UnsafeString(resolved.value) : resolved.value;
    return {
      kind: 'scalar',
      value,
      loc: this.loc(node.source === '' && style === 'plain' && tag === undefined ? this.emptyScalarStart(start) : start),
      style,
    };
  }

  /** NOTE: libyaml marks an empty value right after its indicator (`key:`, `-`), before any comment. */
  private emptyScalarStart(start: number): number {
    let at = start;
    while (at > 0 && ' \t\r\n'.includes(this.text[at - 1] ?? '')) at--;
    return at > 0 && ':-?'.includes(this.text[at - 1] ?? '') ? at : start;
  }

  private sequence(items: unknown[], start: number, unsafe: boolean, depth: number): YamlSeq {
    return { kind: 'seq', items: items.map((item) => this.compose(item, start, unsafe, depth + 1)), loc: this.loc(start) };
  }

  private mapping(items: unknown[], start: number, unsafe: boolean, depth: number): YamlNode {
    const order = this.mapCount++;
    try {
      return this.constructMapping(items, start, unsafe, depth, order);
    } catch (error) {
      if (!(error instanceof ConstructorProblem)) throw error;
      const first = this.constructorFailure;
      if (first === undefined || depth < first.depth || (depth === first.depth && order < first.order)) this.constructorFailure = { problem: error, depth, order };
      return { kind: 'map', pairs: [], loc: this.loc(start) };
    }
  }

  private constructMapping(items: unknown[], start: number, unsafe: boolean, depth: number, order: number): YamlNode {
    const merged: YamlPair[] = [];
    const own: YamlPair[] = [];
    for (const item of items) {
      const pair = item as { key: unknown; value: unknown };
      const keyStart = (pair.key as CstNode | null)?.range?.[0] ?? start;
      const valueStart = (pair.key as CstNode | null)?.range?.[1] ?? keyStart;
      const isMerge = isScalar(pair.key) && pair.key.type === 'PLAIN' && pair.key.tag === undefined && pair.key.value === '<<';
      if (isMerge) {
        merged.push(...this.mergeSource(this.compose(pair.value, valueStart, unsafe, depth + 1)));
        continue;
      }
      const key = this.untaggedKey(this.compose(pair.key, keyStart, unsafe, depth + 1));
      own.push({ key, value: this.compose(pair.value, valueStart, unsafe, depth + 1) });
    }
    // NOTE: PyYAML puts merged pairs first: those of each `<<` key in order, and within a list
    // (`<<: [*a, *b]`) later sources before earlier ones, so a list's earlier sources, a later
    // `<<` key and the mapping's own keys win; each override is a "duplicate" Ansible warns about.
    const pairs = [...merged, ...own];
    const seen = new Map<string, number>();
    const result: YamlPair[] = [];
    for (const pair of pairs) {
      const id = this.keyIdentity(pair.key);
      if (seen.has(id)) {
        const message = `Found duplicate mapping key ${keyRepr(pair.key)}.`;
        if (duplicateKeys === 'error' && !this.json) throw new YamlError('YAML_PARSE', `YAML parsing failed: ${message}`, { location: pair.key.loc });
        const hint = 'Using last defined value only.';
        const origin = duplicateKeyOrigin(pair.key);
        const warning = { message, location: pair.key.loc, hint, ...(origin ? { origin } : {}), help: hint };
        if (!this.json && duplicateKeys === 'warn') this.pending.push({ warning, depth, order });
        // The value replaces the earlier one in place: Python dicts keep the first position.
        result[seen.get(id) ?? 0] = { key: result[seen.get(id) ?? 0]?.key ?? pair.key, value: pair.value };
      } else {
        seen.set(id, result.length);
        result.push(pair);
      }
    }
    const map: YamlMap = { kind: 'map', pairs: result, loc: this.loc(start) };
    return this.json ? legacyJsonValue(map) : map;
  }

  /** NOTE: json.loads tags the values it reads with the file but no key: see SourceLocation.untagged. */
  private untaggedKey(key: YamlNode): YamlNode {
    if (!this.json || key.kind !== 'scalar' || typeof key.value !== 'string') return key;
    return { ...key, loc: { ...key.loc, untagged: key.value } };
  }

  private mergeSource(value: YamlNode): YamlPair[] {
    if (value.kind === 'map') return [...value.pairs];
    if (value.kind === 'seq') {
      const out: YamlPair[] = [];
      for (const source of value.items) {
        if (source.kind !== 'map') {
          this.constructorFail(source.loc, `expected a mapping for merging, but found ${nodeKindName(source)}`);
        }
        out.unshift(...source.pairs);
      }
      return out;
    }
    this.constructorFail(value.loc, `expected a mapping or list of mappings for merging, but found ${nodeKindName(value)}`);
  }

  private constructorFail(loc: SourceLocation, problem: string): never {
    throw new ConstructorProblem({ problem, context: 'while constructing a mapping', line: loc.line, column: loc.column });
  }


  /** Python's hash equality for keys: 1 == 1.0 == True; unhashable keys fail. */
  private keyIdentity(key: YamlNode): string {
    if (key.kind !== 'scalar') this.constructorFail(key.loc, 'found unhashable key');
    const value = key.value;
    if (value === null) return 'None';
    if (typeof value === 'boolean') return `n:${value ? 1 : 0}`;
    if (typeof value === 'number' || typeof value === 'bigint') return `n:${value}`;
    if (typeof value === 'string') return `s:${value}`;
    if (value instanceof UnsafeString) return `s:${value.value}`;
    if (value instanceof VaultString) return `v:${value.ciphertext}`;
    if (value instanceof PyDate) return `d:${value.kind}:${value.text}`;
    if (!Array.isArray(value) && !(value instanceof Map)) return `n:${value.value}`;
    return `x:${String(value)}`;
  }
}

/** JSON scalars: true/false/null, and numbers, floats when they have a fraction or exponent. */
function jsonScalarTag(text: string): ScalarTag {
  if (text === 'true' || text === 'false') return 'bool';
  if (text === 'null') return 'null';
  return /^-?[0-9]+$/.test(text) ? 'int' : 'float';
}

/** ansible's legacy JSON decoder turns `{"__ansible_unsafe": …}` and `{"__ansible_vault": …}` into values. */
function legacyJsonValue(map: YamlMap): YamlNode {
  const only = map.pairs.length === 1 ? map.pairs[0] : undefined;
  if (only === undefined || only.key.kind !== 'scalar' || only.value.kind !== 'scalar' || typeof only.value.value !== 'string') return map;
  if (only.key.value === '__ansible_unsafe') return { ...only.value, value: new UnsafeString(only.value.value) };
  if (only.key.value === '__ansible_vault') return { ...only.value, value: new VaultString(only.value.value) };
  return map;
}

/**
 * NOTE: PyYAML builds `!!omap` and `!!pairs` (a sequence of one-pair mappings) as a list of
 * (key, value) tuples, which Ansible shows as lists.
 */
function pairsOf(node: YamlNode): YamlNode {
  if (node.kind !== 'seq' || !node.items.every((item) => item.kind === 'map' && item.pairs.length === 1)) return node;
  const items = node.items.map((item): YamlNode => {
    const pair = (item as YamlMap).pairs[0] as YamlPair;
    return { kind: 'seq', items: [pair.key, pair.value], loc: item.loc };
  });
  return { ...node, items };
}

/** NOTE: 2.19 deprecates the YAML tags for ordered pairs, which its dicts make needless. */
function pairsTagDeprecation(name: string, location: SourceLocation): YamlWarning {
  const help = name === 'omap' ? 'Use a standard mapping instead, as key order is always preserved.' : 'Use a standard mapping instead.';
  return { message: `Use of the YAML \`!!${name}\` tag is deprecated.`, location, origin: location, hint: help, help, version: '2.23' };
}

function nodeKindName(node: YamlNode): string {
  return node.kind === 'scalar' ? 'scalar' : node.kind === 'seq' ? 'sequence' : 'mapping';
}

function keyRepr(key: YamlNode): string {
  if (key.kind !== 'scalar') return '?';
  const value = key.value;
  if (typeof value === 'string' || value instanceof UnsafeString) {
    const text = String(value);
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    return `${quote}${text.replace(/\\/g, '\\\\')}${quote}`;
  }
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return pyRepr(value as Data);
}

/**
 * Where 2.19 says a duplicate key came from: a bool cannot carry its origin, so the warning shows
 * `<unknown>` and the key; None is no value to show at all, so the warning has no origin.
 */
function duplicateKeyOrigin(key: YamlNode): SourceLocation | undefined {
  if (key.kind !== 'scalar') return key.loc;
  if (key.value === null) return undefined;
  if (typeof key.value === 'boolean') return { ...key.loc, untagged: key.value ? 'True' : 'False' };
  return key.loc;
}

function scalarStyle(type: Scalar['type']): YamlScalar['style'] {
  switch (type) {
    case 'QUOTE_SINGLE':
      return 'single';
    case 'QUOTE_DOUBLE':
      return 'double';
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL':
      return 'block';
    default:
      return 'plain';
  }
}

/** libyaml refuses a second %YAML directive in one prologue (the `yaml` package does not). */
function checkDirectives(text: string, lines: LineIndex): void {
  let seen = false;
  // Directives come before a document: at the start, or after a `...` line.
  let beforeDocument = true;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('---') || (!line.startsWith('%') && !line.startsWith('#') && line.trim() !== '')) seen = false;
    if (line.startsWith('...')) beforeDocument = true;
    else if (!line.startsWith('%') && !line.startsWith('#') && line.trim() !== '') beforeDocument = false;
    const unknown = beforeDocument ? unknownDirective(text, offset, lines) : undefined;
    if (unknown) throw new Problem(unknown);
    if (line.startsWith('%YAML')) {
      if (seen) throw new Problem({ problem: 'found duplicate %YAML directive', ...lines.position(offset) });
      seen = true;
    }
    offset += line.length + 1;
  }
}


/**
 * Parses every document of `text` (with `single`, exactly one, as ansible loads a playbook). Throws YamlError (message, location and hint as ansible-core
 * 2.19 prints them) on a syntax or construction error.
 */
/** DUPLICATE_YAML_DICT_KEY ([defaults] duplicate_dict_key): warn (the default), error or ignore. */
export type DuplicateKeyBehavior = 'warn' | 'error' | 'ignore';
let duplicateKeys: DuplicateKeyBehavior = 'warn';

/** Set once by the CLI from the run's settings: every YAML file of the run is read the same way. */
export function setDuplicateKeyBehavior(behavior: DuplicateKeyBehavior): void {
  duplicateKeys = behavior;
}

export function loadYaml(source: string, file: string, options: { single?: boolean } = {}): LoadedYaml {
  const refused = readerError(source, file);
  if (refused !== undefined) throw refused;
  // libyaml skips a byte order mark at the start of the stream; its marks do not count it.
  const unmarked = source.startsWith('\ufeff') ? source.slice(1) : source;
  // NOTE: a lone CR breaks a line for libyaml (old Mac files) as it does not for the yaml package;
  // one LF for it keeps every offset where it was.
  const text = unmarked.includes('\r') ? unmarked.replace(/\r(?!\n)/g, '\n') : unmarked;
  const simple = loadSimpleBlockYaml(text, file);
  if (simple !== undefined) return { documents: [simple], warnings: [], diagnostics: [] };
  return loadYamlFull(text, file, options);
}

/** loadYaml without its fast path: every text through the `yaml` package and the composer above. */
export function loadYamlFull(text: string, file: string, options: { single?: boolean } = {}): LoadedYaml {
  const lines = new LineIndex(text);
  const parsed = parseAllDocumentsAsLibyaml(text, { schema: 'failsafe', uniqueKeys: false, merge: false, strict: false, prettyErrors: false, resolveKnownTags: false });
  const docs = Array.isArray(parsed) ? parsed : [];
  const composer = new Composer(text, file, lines, isJsonText(text));
  const documents: YamlNode[] = [];
  try {
    checkDirectives(text, lines);
    // NOTE: libyaml skips a `...` after a document, but one before the first document is where
    // that document's node was wanted.
    const first = firstTokenOffset(text, 0);
    if (isDocumentEndAt(text, first)) throw new Problem({ context: 'while parsing a block node', problem: 'did not find expected node content', ...lines.position(first) });
    docs.forEach((doc, index) => {
      // NOTE: after the first document (and after `...`), libyaml needs an explicit `---`.
      // The check comes before the document's own errors: libyaml stops at its first token.
      if (index > 0 && doc.directives?.docStart !== true && docs[index - 1]?.errors.length === 0) {
        throw new Problem({ problem: 'did not find expected <document start>', ...lines.position(doc.range[0]) });
      }
    });
    const second = docs[1];
    if (options.single === true && second !== undefined) {
      // PyYAML's single-document load stops at the second document's start.
      const start = docs[0]?.errors[0] === undefined ? second.range[0] : Number.POSITIVE_INFINITY;
      if (Number.isFinite(start)) {
        throw new Problem({ context: 'expected a single document in the stream', problem: 'but found another document', ...lines.position(start) });
      }
    }
    docs.forEach((doc, index) => {
      const error = doc.errors[0];
      if (error !== undefined) {
        const syntax = libyamlProblem(error, text, lines);
        throw new Problem(composerProblemBefore(doc, syntax, text, lines) ?? syntax);
      }
      composer.newDocument();
      const contents = doc.contents;
      const empty = contents === null || (isScalar(contents) && contents.type === 'PLAIN' && contents.source === '' && contents.tag === undefined && contents.anchor === undefined);
      if (empty) {
        // An empty document is an empty scalar where the next token starts (the next `---` or the end).
        documents.push({ kind: 'scalar', value: null, style: 'plain', loc: composer.loc(docs[index + 1]?.range[0] ?? text.length) });
      } else documents.push(composer.compose(contents, doc.range[0], false));
      composer.checkBlankLineTabs(index === 0 ? 0 : doc.range[0], docs[index + 1]?.range[0] ?? text.length);
      const failure = composer.takeConstructorFailure();
      if (failure !== undefined) {
        const error = yamlFailure(failure.problem, file, lines);
        warningsBeforeError.set(error, failure.warnings);
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof Problem) throw yamlFailure(error.problem, file, lines);
    throw error;
  }
  const diagnostics = composer.diagnostics();
  return { documents, warnings: diagnostics.map((d) => d.message), diagnostics };
}

export type { YamlError };

/**
 * What Python's base64.decodebytes says of text it cannot decode, for text without padding or with
 * padding only at its end (characters outside the alphabet are skipped, as Python does).
 * NOTE: Python 3.13 decodes on after a padded quad, with rules this does not follow.
 */
function base64Problem(text: string): string | undefined {
  const data = text.replace(/[^A-Za-z0-9+/=]/g, '');
  const pad = /=*$/.exec(data)?.[0].length ?? 0;
  const body = data.slice(0, data.length - pad);
  if (body.includes('=')) return undefined;
  if (body.length % 4 === 1) return `Invalid base64-encoded string: number of data characters (${body.length}) cannot be 1 more than a multiple of 4`;
  if (body.length % 4 !== 0 && body.length % 4 + pad < 4) return 'Incorrect padding';
  return undefined;
}
