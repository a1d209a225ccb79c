import { PyFloat, UnsafeString, VaultString, floatRepr, isDict, textOf, type Data, type DictKey } from '../../core/data.js';

/**
 * `yaml.dump(value, Dumper=AnsibleDumper, default_flow_style=False, allow_unicode=True,
 * indent=N)` as ansible's callbacks call it for `callback_result_format = yaml`: PyYAML's
 * representer and resolver with libyaml's emitter (ansible uses CSafeDumper), block style,
 * keys sorted, lines folded at 80 columns, multi-line strings as `|` literals.
 */
export interface YamlDumpOptions {
  /** best_indent (PyYAML's default is 2). */
  readonly indent?: number;
  /** The callback dumper's lossy mode: multi-line strings are tidied so they can be `|` blocks. */
  readonly lossy?: boolean;
}

const BEST_WIDTH = 80;
const BREAKS = new Set([0x0a, 0x0d, 0x85, 0x2028, 0x2029]);
/** What PyYAML's str representer sees as line breaks (Ansible's _YAML_BREAK_CHARS). */
const PY_BREAK_CHARS = ['\n', '\x85', '\u2028', '\u2029'];

function isBreak(cp: number | undefined): boolean {
  return cp !== undefined && BREAKS.has(cp);
}

function isSpace(cp: number | undefined): boolean {
  return cp === 0x20;
}

function isBlankZ(cp: number | undefined): boolean {
  return cp === undefined || cp === 0 || cp === 0x20 || cp === 0x09 || isBreak(cp);
}

/** libyaml's IS_PRINTABLE: astral characters and NEL are not. */
function isPrintable(cp: number): boolean {
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

// ---- the resolver: would this text, written plain, read back as something other than str? ----

const IMPLICIT: readonly (readonly [string, RegExp])[] = [
  ['yYnNtTfFoO', /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/],
  [
    '-+0123456789.',
    /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  ],
  ['-+0123456789', /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/],
  ['<', /^(?:<<)$/],
  ['~nN', /^(?:~|null|Null|NULL)$/],
  [
    '0123456789',
    /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  ],
  ['=', /^(?:=)$/],
];

/** PyYAML's Resolver: a plain `text` reads back as a str. */
function plainIsStr(text: string): boolean {
  if (text === '') return false;
  const first = text[0] as string;
  return !IMPLICIT.some(([firsts, re]) => firsts.includes(first) && re.test(text));
}

// ---- scalar analysis (libyaml's yaml_emitter_analyze_scalar) ----

interface Analysis {
  readonly empty: boolean;
  readonly multiline: boolean;
  readonly blockPlain: boolean;
  readonly singleQuoted: boolean;
  readonly block: boolean;
}

function analyze(text: string): Analysis {
  const cps = [...text].map((c) => c.codePointAt(0) as number);
  if (cps.length === 0) return { empty: true, multiline: false, blockPlain: false, singleQuoted: true, block: false };
  let blockIndicators = text.startsWith('---') || text.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  cps.forEach((cp, i) => {
    const ch = String.fromCodePoint(cp);
    const followedByWhitespace = isBlankZ(cps[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (!isPrintable(cp)) special = true;
    if (isBreak(cp)) lineBreaks = true;
    if (isSpace(cp)) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(cp)) {
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankZ(cp);
  });
  let blockPlain = true;
  let singleQuoted = true;
  let block = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlain = false;
  if (trailingSpace) block = false;
  if (breakSpace) blockPlain = singleQuoted = false;
  if (spaceBreak || special) blockPlain = singleQuoted = block = false;
  if (lineBreaks) blockPlain = false;
  if (blockIndicators) blockPlain = false;
  return { empty: false, multiline: lineBreaks, blockPlain, singleQuoted, block };
}

// ---- the emitter ----

type Style = 'plain' | 'single' | 'double' | 'literal';

class Emitter {
  out = '';
  column = 0;
  whitespace = true;
  indention = true;
  openEnded = false;
  indent = -1;
  private readonly indents: number[] = [];

  constructor(private readonly bestIndent: number) {}

  private put(text: string): void {
    this.out += text;
    this.column += [...text].length;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? this.bestIndent : 0;
    else if (!indentless) this.indent += this.bestIndent;
  }

  popIndent(): void {
    this.indent = this.indents.pop() ?? -1;
  }

  writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(indicator);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  writePlain(text: string, allowBreaks: boolean): void {
    const cps = [...text];
    if (!this.whitespace && cps.length > 0) this.put(' ');
    let spaces = false;
    cps.forEach((ch, i) => {
      if (ch === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && cps[i + 1] !== ' ') this.writeIndent();
        else this.put(ch);
        spaces = true;
      } else {
        this.put(ch);
        this.indention = false;
        spaces = false;
      }
    });
    this.whitespace = false;
    this.indention = false;
  }

  writeSingleQuoted(text: string, allowBreaks: boolean): void {
    const cps = [...text];
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    cps.forEach((ch, i) => {
      const cp = ch.codePointAt(0) as number;
      if (ch === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i !== 0 && i !== cps.length - 1 && cps[i + 1] !== ' ') this.writeIndent();
        else this.put(ch);
        spaces = true;
      } else if (isBreak(cp)) {
        if (!breaks && ch === '\n') this.putBreak();
        this.writeBreak(ch);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(ch === "'" ? "''" : ch);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    });
    if (breaks) this.writeIndent();
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  writeDoubleQuoted(text: string, allowBreaks: boolean): void {
    const cps = [...text];
    this.writeIndicator('"', true, false, false);
    let spaces = false;
    cps.forEach((ch, i) => {
      const cp = ch.codePointAt(0) as number;
      if (!isPrintable(cp) || cp === 0xfeff || isBreak(cp) || ch === '"' || ch === '\\') {
        this.put('\\' + escapeChar(cp));
        spaces = false;
      } else if (ch === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i !== 0 && i !== cps.length - 1) {
          this.writeIndent();
          if (cps[i + 1] === ' ') this.put('\\');
        } else {
          this.put(ch);
        }
        spaces = true;
      } else {
        this.put(ch);
        spaces = false;
      }
    });
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeBreak(ch: string): void {
    // NOTE: libyaml writes a \n break as a newline and any other break character as itself.
    if (ch === '\n') this.putBreak();
    else {
      this.out += ch;
      this.column = 0;
    }
  }

  writeLiteral(text: string): void {
    const cps = [...text];
    let hints = '';
    const first = cps[0]?.codePointAt(0);
    if (first !== undefined && (isSpace(first) || isBreak(first))) hints += String(this.bestIndent);
    // NOTE: libyaml forgets an earlier `|+` here: only a keep block with no block after it ends the document with `...`.
    this.openEnded = false;
    const last = cps[cps.length - 1]?.codePointAt(0);
    const beforeLast = cps[cps.length - 2]?.codePointAt(0);
    if (cps.length === 0 || !isBreak(last)) hints += '-';
    else if (cps.length === 1 || isBreak(beforeLast)) {
      hints += '+';
      this.openEnded = true;
    }
    this.writeIndicator('|' + hints, true, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const ch of cps) {
      if (isBreak(ch.codePointAt(0))) {
        this.writeBreak(ch);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(ch);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

function escapeChar(cp: number): string {
  const named: Record<number, string> = {
    0x00: '0',
    0x07: 'a',
    0x08: 'b',
    0x09: 't',
    0x0a: 'n',
    0x0b: 'v',
    0x0c: 'f',
    0x0d: 'r',
    0x1b: 'e',
    0x22: '"',
    0x5c: '\\',
    0x85: 'N',
    0xa0: '_',
    0x2028: 'L',
    0x2029: 'P',
  };
  const name = named[cp];
  if (name !== undefined) return name;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return 'x' + hex.padStart(2, '0');
  if (cp <= 0xffff) return 'u' + hex.padStart(4, '0');
  return 'U' + hex.padStart(8, '0');
}

// ---- representing values ----

interface ScalarNode {
  readonly kind: 'scalar';
  readonly text: string;
  /** The representer asked for a literal block (a multi-line str). */
  readonly literal: boolean;
  /** Written plain, it reads back as the same type (the event's plain_implicit). */
  readonly plainImplicit: boolean;
}
interface SeqNode {
  readonly kind: 'seq';
  readonly items: readonly YamlNode[];
}
interface MapNode {
  readonly kind: 'map';
  readonly entries: readonly (readonly [YamlNode, YamlNode])[];
}
type YamlNode = ScalarNode | SeqNode | MapNode;

function yamlFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  const value = floatRepr(x).toLowerCase();
  return !value.includes('.') && value.includes('e') ? value.replace('e', '.0e') : value;
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
  let s = expandTabs(pyRstrip(text));
  s = [...s]
    .filter((ch) => {
      const cp = ch.codePointAt(0) as number;
      return (
        (cp === 10 || (cp >= 32 && cp <= 126) || cp === 133 || (cp >= 160 && cp <= 55295) || (cp >= 57344 && cp <= 65533) || (cp >= 65536 && cp < 1114111)) &&
        cp !== 65279
      );
    })
    .join('');
  return s.replace(/ +([\n\x85\u2028\u2029])/g, '$1');
}

function keyText(key: DictKey): Data {
  return key;
}

function represent(value: Data | undefined, lossy: boolean): YamlNode {
  if (value === null || value === undefined) return { kind: 'scalar', text: 'null', literal: false, plainImplicit: true };
  if (typeof value === 'boolean') return { kind: 'scalar', text: value ? 'true' : 'false', literal: false, plainImplicit: true };
  if (typeof value === 'number') return { kind: 'scalar', text: String(value), literal: false, plainImplicit: true };
  if (value instanceof PyFloat) return { kind: 'scalar', text: yamlFloat(value.value), literal: false, plainImplicit: true };
  if (typeof value === 'string' || value instanceof UnsafeString || value instanceof VaultString) {
    let text = textOf(value);
    const literal = PY_BREAK_CHARS.some((c) => text.includes(c));
    if (literal && lossy) text = mungeForBlock(text);
    return { kind: 'scalar', text, literal, plainImplicit: plainIsStr(text) };
  }
  if (Array.isArray(value)) return { kind: 'seq', items: value.map((item) => represent(item, lossy)) };
  if (isDict(value)) {
    // NOTE: PyYAML sorts mapping keys (sort_keys=True) by Python's ordering of the keys.
    const entries = [...value.entries()].sort(([a], [b]) => compareKeys(a, b));
    return { kind: 'map', entries: entries.map(([k, v]) => [represent(keyText(k), lossy), represent(v, lossy)] as const) };
  }
  return { kind: 'scalar', text: String(value), literal: false, plainImplicit: true };
}

function compareKeys(a: DictKey, b: DictKey): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const na = typeof a === 'boolean' ? Number(a) : a;
  const nb = typeof b === 'boolean' ? Number(b) : b;
  if (typeof na === 'number' && typeof nb === 'number') return na - nb;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function chooseStyle(node: ScalarNode, simpleKey: boolean): Style {
  const a = analyze(node.text);
  let style: Style = node.literal ? 'literal' : 'plain';
  if (style === 'plain') {
    if (!a.blockPlain) style = 'single';
    if (a.empty && simpleKey) style = 'single';
    if (!node.plainImplicit) style = 'single';
  }
  if (style === 'single' && !a.singleQuoted) style = 'double';
  if (style === 'literal' && (!a.block || simpleKey)) style = 'double';
  return style;
}

function isSimpleKey(node: YamlNode): boolean {
  if (node.kind !== 'scalar') return node.kind === 'seq' ? node.items.length === 0 : node.entries.length === 0;
  // NOTE: libyaml measures the 128-character limit of a simple key in UTF-8 bytes.
  return Buffer.byteLength(node.text, 'utf8') <= 128 && !analyze(node.text).multiline;
}

function emitNode(e: Emitter, node: YamlNode, ctx: { mapping: boolean; simpleKey: boolean }): void {
  if (node.kind === 'scalar') {
    const style = chooseStyle(node, ctx.simpleKey);
    e.increaseIndent(true, false);
    const allowBreaks = !ctx.simpleKey;
    if (style === 'plain') e.writePlain(node.text, allowBreaks);
    else if (style === 'single') e.writeSingleQuoted(node.text, allowBreaks);
    else if (style === 'double') e.writeDoubleQuoted(node.text, allowBreaks);
    else e.writeLiteral(node.text);
    e.popIndent();
    return;
  }
  if (node.kind === 'seq') {
    if (node.items.length === 0) {
      e.writeIndicator('[', true, true, false);
      e.writeIndicator(']', false, false, false);
      return;
    }
    e.increaseIndent(false, ctx.mapping && !e.indention);
    for (const item of node.items) {
      e.writeIndent();
      e.writeIndicator('-', true, false, true);
      emitNode(e, item, { mapping: false, simpleKey: false });
    }
    e.popIndent();
    return;
  }
  if (node.entries.length === 0) {
    e.writeIndicator('{', true, true, false);
    e.writeIndicator('}', false, false, false);
    return;
  }
  e.increaseIndent(false, false);
  for (const [key, value] of node.entries) {
    e.writeIndent();
    if (isSimpleKey(key)) {
      emitNode(e, key, { mapping: true, simpleKey: true });
      e.writeIndicator(':', false, false, false);
    } else {
      e.writeIndicator('?', true, false, true);
      emitNode(e, key, { mapping: true, simpleKey: false });
      e.writeIndent();
      e.writeIndicator(':', true, false, true);
    }
    emitNode(e, value, { mapping: true, simpleKey: false });
  }
  e.popIndent();
}

/** The YAML text `yaml.dump` would produce (ending in a newline). */
export function dumpYaml(value: Data, options: YamlDumpOptions = {}): string {
  const indent = options.indent !== undefined && options.indent > 1 && options.indent < 10 ? options.indent : 2;
  const e = new Emitter(indent);
  const root = represent(value, options.lossy ?? false);
  emitNode(e, root, { mapping: false, simpleKey: false });
  if (e.openEnded) {
    e.writeIndent();
    e.out += '...';
    e.column += 3;
  }
  e.writeIndent();
  return e.out;
}
