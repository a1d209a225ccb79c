/**
 * PyYAML's SafeRepresenter as Ansible's dumpers configure it: Data → the node tree the emitter
 * writes. The callback dumper's choices (multi-line strings as `|` blocks, the lossy tidying of
 * them) are options. Keys of types Python cannot order against each other keep the mapping's
 * order (PyYAML's sort falls back to it on the TypeError).
 */
import { PyDate, PyFloat, UnsafeString, VaultString, floatRepr, isDict, runtimeObjectText, textOf, type Data, type DictKey } from '../data.js';
import { plainIsStr } from './analyze.js';
import type { Node } from './emitter.js';

export interface RepresentOptions {
  /** true: flow everywhere; false: block everywhere; null: flow only for collections of scalars. */
  readonly defaultFlowStyle: boolean | null;
  readonly sortKeys: boolean;
  /** Multi-line strings ask for a `|` block (the callback dumper's str representer). */
  readonly literalMultiline: boolean;
  /** Ansible's _munge_data_for_lossy_yaml on those multi-line strings. */
  readonly lossy: boolean;
  /** The text of a value written as a non-specific tagged string (`! '…'`), e.g. a datetime. */
  readonly nonSpecificText?: (value: unknown) => string | undefined;
  /** The bytes of a value PyYAML writes as `!!binary` (a Python bytes). */
  readonly binaryBytes?: (value: unknown) => Uint8Array | undefined;
}

/** What PyYAML's str representer sees as line breaks (Ansible's _YAML_BREAK_CHARS). */
const PY_BREAK_CHARS = ['\n', '\x85', '\u2028', '\u2029'];

function representFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  const text = floatRepr(x).toLowerCase();
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Python's ordering of keys; throws where Python would (a str against a number). */
function comparePython(a: DictKey, b: DictKey): number {
  const aText = typeof a === 'string';
  if (aText !== (typeof b === 'string')) throw new TypeError('unorderable');
  if (aText) return compareText(a as string, b as string);
  // None orders against nothing; a float key is a PyFloat.
  if ((a === null) !== (b === null)) throw new TypeError('unorderable');
  const na = keyNumber(a);
  const nb = keyNumber(b);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

function keyNumber(key: unknown): number {
  return key instanceof PyFloat ? key.value : Number(key);
}

function sortedEntries(value: ReadonlyMap<DictKey, Data>, options: RepresentOptions): [DictKey, Data][] {
  const entries = [...value.entries()];
  if (!options.sortKeys) return entries;
  try {
    return entries.sort(([a], [b]) => comparePython(a, b));
  } catch {
    return [...value.entries()];
  }
}

function flowFor(children: readonly Node[], options: RepresentOptions): boolean {
  if (options.defaultFlowStyle !== null) return options.defaultFlowStyle;
  // NOTE: PyYAML keeps the flow style for plain scalars only: one with a style of its own (`|`) makes the block style.
  return children.every((child) => child.kind === 'scalar' && !child.literal);
}

/** What Python's str.isspace() calls whitespace. */
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Python's str.rstrip(). */
function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && PY_WHITESPACE.has(text.charCodeAt(end - 1))) end--;
  return text.slice(0, end);
}

/** Python's str.expandtabs() (tab stops every 8 columns). */
function expandTabs(text: string): string {
  let out = '';
  let col = 0;
  for (const ch of text) {
    if (ch === '\t') {
      const n = 8 - (col % 8);
      out += ' '.repeat(n);
      col += n;
    } else if (ch === '\n' || ch === '\r') {
      out += ch;
      col = 0;
    } else {
      out += ch;
      col++;
    }
  }
  return out;
}

/** Ansible's _munge_data_for_lossy_yaml: make a multi-line string printable as a `|` block. */
function mungeForBlock(text: string): string {
  const kept = [...expandTabs(pyRstrip(text))].filter((ch) => {
    const cp = ch.codePointAt(0) as number;
    return (
      (cp === 10 || (cp >= 32 && cp <= 126) || cp === 133 || (cp >= 160 && cp <= 55295) || (cp >= 57344 && cp <= 65533) || (cp >= 65536 && cp < 1114111)) &&
      cp !== 65279
    );
  });
  return kept.join('').replace(/ +([\n\x85\u2028\u2029])/g, '$1');
}

function representString(text: string, options: RepresentOptions): Node {
  const literal = options.literalMultiline && PY_BREAK_CHARS.some((c) => text.includes(c));
  const written = literal && options.lossy ? mungeForBlock(text) : text;
  return { kind: 'scalar', text: written, plainImplicit: plainIsStr(written), literal };
}

// NOTE: no closures in the hot path: it runs once per value.
function base64Lines(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('base64');
  let out = '';
  for (let i = 0; i < text.length; i += 76) out += text.slice(i, i + 76) + '\n';
  return out;
}

export function represent(value: Data | undefined, options: RepresentOptions): Node {
  if (value === null || value === undefined) return { kind: 'scalar', text: 'null', plainImplicit: true };
  const tagged = options.nonSpecificText?.(value);
  if (tagged !== undefined) return { kind: 'scalar', text: tagged, plainImplicit: false, nonSpecific: true };
  const binary = options.binaryBytes?.(value);
  // NOTE: PyYAML's represent_binary: base64.encodebytes (76-character lines) in a `|` block.
  if (binary !== undefined) return { kind: 'scalar', text: base64Lines(binary), plainImplicit: false, literal: true, tag: '!!binary' };
  const objectText = runtimeObjectText(value);
  if (objectText !== undefined) return representString(objectText, options);
  // NOTE: a date or datetime from YAML is written plain (`2024-01-02 10:30:00`).
  if (value instanceof PyDate) return { kind: 'scalar', text: value.text, plainImplicit: true };
  if (typeof value === 'boolean') return { kind: 'scalar', text: value ? 'true' : 'false', plainImplicit: true };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'scalar', text: String(value), plainImplicit: true };
  if (value instanceof PyFloat) return { kind: 'scalar', text: representFloat(value.value), plainImplicit: true };
  // NOTE: a vaulted value no secret opens is written back as the vault text it was read from.
  if (value instanceof VaultString && value.reveal() === undefined) return { kind: 'scalar', text: value.ciphertext, plainImplicit: false, literal: true, tag: '!vault' };
  if (typeof value === 'string' || value instanceof UnsafeString || value instanceof VaultString) return representString(textOf(value), options);
  if (Array.isArray(value)) {
    const items: Node[] = [];
    for (const item of value) items.push(represent(item, options));
    return { kind: 'seq', items, flow: flowFor(items, options) };
  }
  if (isDict(value)) {
    const pairs: [Node, Node][] = [];
    const children: Node[] = [];
    for (const [k, v] of sortedEntries(value, options)) {
      const pair: [Node, Node] = [represent(k, options), represent(v, options)];
      pairs.push(pair);
      children.push(pair[0], pair[1]);
    }
    return { kind: 'map', pairs, flow: flowFor(children, options) };
  }
  return { kind: 'scalar', text: String(value), plainImplicit: true };
}
