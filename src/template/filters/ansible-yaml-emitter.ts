/**
 * YAML output as ansible-core's to_yaml / to_nice_yaml produce it: PyYAML's representer
 * (sorted keys, flow style for collections of scalars when default_flow_style is None) and
 * libyaml's emitter (scalar style analysis, 80-column folding, indentless sequences in
 * mappings). The emitter keeps the same cursor state libyaml does (column, whitespace,
 * indention) because every spacing decision depends on it.
 */
import { PyDate, PyFloat, UnsafeString, VaultString, floatRepr, textOf, type Data, type DictKey } from '../../core/data.js';
import { resolvePlain } from './ansible-yaml-resolver.js';
import { PyDateTime } from '../runtime/py-datetime.js';
import { datetimeIso } from './ansible-runtime-values.js';

export interface YamlDumpOptions {
  indent?: number;
  width?: number;
  /** true: flow everywhere; false: block everywhere; null: flow only for collections of scalars. */
  defaultFlowStyle?: boolean | null;
  sortKeys?: boolean;
  explicitStart?: boolean;
  explicitEnd?: boolean;
  allowUnicode?: boolean;
}

type Node =
  | { kind: 'scalar'; text: string; plainImplicit: boolean; analysis?: Analysis; nonSpecific?: boolean }
  | { kind: 'seq'; items: Node[]; flow: boolean }
  | { kind: 'map'; pairs: [Node, Node][]; flow: boolean };

export class YamlRepresentError extends Error {}

function representFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  const text = floatRepr(x).toLowerCase();
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

function compareKeys(a: DictKey, b: DictKey): number {
  const rank = (k: DictKey): number => (typeof k === 'string' ? 1 : 0);
  if (rank(a) !== rank(b)) throw new TypeError('unorderable');
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const na = Number(a);
  const nb = Number(b);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

function flowFor(children: Node[], options: YamlDumpOptions): boolean {
  if (options.defaultFlowStyle === true || options.defaultFlowStyle === false) return options.defaultFlowStyle;
  for (const child of children) if (child.kind !== 'scalar') return false;
  return true;
}

function byKey(a: readonly [DictKey, Data], b: readonly [DictKey, Data]): number {
  return compareKeys(a[0], b[0]);
}

// NOTE: no closures in here: it runs once per value, and per-call closures cost more than the work.
function represent(value: Data, options: YamlDumpOptions): Node {
  if (value === null) return { kind: 'scalar', text: 'null', plainImplicit: true };
  const runtime: unknown = value;
  if (runtime instanceof PyDateTime) {
    // NOTE: Ansible's dumper writes a datetime as a non-specific tagged string: `! '2020-01-02 03:04:05'`.
    return { kind: 'scalar', text: datetimeIso(runtime).replace('T', ' '), plainImplicit: false, nonSpecific: true };
  }
  // NOTE: a date or datetime from YAML is written plain (`2024-01-02 10:30:00`), unlike the
  // engine's datetimes above.
  if (value instanceof PyDate) return { kind: 'scalar', text: value.text, plainImplicit: true };
  if (typeof value === 'boolean') return { kind: 'scalar', text: value ? 'true' : 'false', plainImplicit: true };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'scalar', text: String(value), plainImplicit: true };
  if (value instanceof PyFloat) return { kind: 'scalar', text: representFloat(value.value), plainImplicit: true };
  if (typeof value === 'string' || value instanceof UnsafeString || value instanceof VaultString) {
    const text = textOf(value);
    return { kind: 'scalar', text, plainImplicit: resolvePlain(text) === 'str' };
  }
  if (Array.isArray(value)) {
    const items: Node[] = [];
    for (const item of value) items.push(represent(item, options));
    return { kind: 'seq', items, flow: flowFor(items, options) };
  }
  let entries = [...value.entries()];
  if (options.sortKeys !== false) {
    try {
      entries.sort(byKey);
    } catch {
      entries = [...value.entries()];
    }
  }
  const pairs: [Node, Node][] = [];
  const children: Node[] = [];
  for (const [k, v] of entries) {
    const pair: [Node, Node] = [represent(k, options), represent(v, options)];
    pairs.push(pair);
    children.push(pair[0], pair[1]);
  }
  return { kind: 'map', pairs, flow: flowFor(children, options) };
}

interface Analysis {
  empty: boolean;
  multiline: boolean;
  allowFlowPlain: boolean;
  allowBlockPlain: boolean;
  allowSingleQuoted: boolean;
}

const BREAKS = '\n\x85\u2028\u2029';
const SPACE_OR_BREAK = '\0 \t\r\n\x85\u2028\u2029';

/** Words with no indicator, space or special character: every style is allowed. */
const SIMPLE_WORD = /^[A-Za-z0-9_][A-Za-z0-9_./@+=-]*$/;
const SIMPLE: Analysis = { empty: false, multiline: false, allowFlowPlain: true, allowBlockPlain: true, allowSingleQuoted: true };

function analyze(scalar: string, allowUnicode: boolean): Analysis {
  if (SIMPLE_WORD.test(scalar)) return SIMPLE;
  if (!scalar) return { empty: true, multiline: false, allowFlowPlain: false, allowBlockPlain: true, allowSingleQuoted: true };
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  if (scalar.startsWith('---') || scalar.startsWith('...')) {
    blockIndicators = true;
    flowIndicators = true;
  }
  const chars = [...scalar];
  let precededByWhitespace = true;
  let followedByWhitespace = chars.length === 1 || SPACE_OR_BREAK.includes(chars[1] as string);
  let previousSpace = false;
  let previousBreak = false;
  for (let index = 0; index < chars.length; index++) {
    const ch = chars[index] as string;
    if (index === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) {
        flowIndicators = true;
        blockIndicators = true;
      }
      if ('?:'.includes(ch)) {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      }
      if (ch === '-' && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    } else {
      if (',?[]{}'.includes(ch)) flowIndicators = true;
      if (ch === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      }
      if (ch === '#' && precededByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    }
    if (BREAKS.includes(ch)) lineBreaks = true;
    const code = ch.codePointAt(0) as number;
    if (!(ch === '\n' || (code >= 0x20 && code <= 0x7e))) {
      // NOTE: libyaml's printable test stops at three-byte UTF-8, so emoji are escaped.
      const printable = (code === 0x85 || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd)) && code !== 0xfeff;
      if (!printable || !allowUnicode) special = true;
    }
    if (ch === ' ') {
      if (index === 0) leadingSpace = true;
      if (index === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (BREAKS.includes(ch)) {
      if (index === 0) leadingBreak = true;
      if (index === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = SPACE_OR_BREAK.includes(ch);
    followedByWhitespace = index + 2 >= chars.length || SPACE_OR_BREAK.includes(chars[index + 2] as string);
  }
  let allowFlowPlain = true;
  let allowBlockPlain = true;
  let allowSingleQuoted = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) allowFlowPlain = allowBlockPlain = false;
  if (breakSpace) allowFlowPlain = allowBlockPlain = allowSingleQuoted = false;
  if (spaceBreak || special) allowFlowPlain = allowBlockPlain = allowSingleQuoted = false;
  if (lineBreaks) allowFlowPlain = allowBlockPlain = false;
  if (flowIndicators) allowFlowPlain = false;
  if (blockIndicators) allowBlockPlain = false;
  return { empty: false, multiline: lineBreaks, allowFlowPlain, allowBlockPlain, allowSingleQuoted };
}

const ESCAPES: Record<string, string> = {
  '\0': '0',
  '\x07': 'a',
  '\x08': 'b',
  '\x09': 't',
  '\x0A': 'n',
  '\x0B': 'v',
  '\x0C': 'f',
  '\x0D': 'r',
  '\x1B': 'e',
  '"': '"',
  '\\': '\\',
  '\x85': 'N',
  '\xA0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

class Emitter {
  out = '';
  column = 0;
  whitespace = true;
  indention = true;
  indent: number | null = null;
  private readonly indents: (number | null)[] = [];
  flowLevel = 0;
  private rootContext = false;
  private mappingContext = false;
  private simpleKeyContext = false;

  constructor(
    private readonly bestIndent: number,
    private readonly bestWidth: number,
    private readonly allowUnicode: boolean,
  ) {}

  private write(data: string): void {
    this.out += data;
  }

  writeIndicator(indicator: string, needWhitespace: boolean, whitespace = false, indention = false): void {
    const data = this.whitespace || !needWhitespace ? indicator : ` ${indicator}`;
    this.whitespace = whitespace;
    this.indention = this.indention && indention;
    this.column += data.length;
    this.write(data);
  }

  writeIndent(): void {
    const indent = this.indent ?? 0;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.writeLineBreak();
    if (this.column < indent) {
      this.whitespace = true;
      this.write(' '.repeat(indent - this.column));
      this.column = indent;
    }
  }

  writeLineBreak(data = '\n'): void {
    this.whitespace = true;
    this.indention = true;
    this.column = 0;
    this.write(data);
  }

  private increaseIndent(flow: boolean, indentless = false): void {
    this.indents.push(this.indent);
    if (this.indent === null) this.indent = flow ? this.bestIndent : 0;
    else if (!indentless) this.indent += this.bestIndent;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() ?? null;
  }

  emitNode(node: Node, ctx: { root?: boolean; sequence?: boolean; mapping?: boolean; simpleKey?: boolean }): void {
    this.rootContext = ctx.root ?? false;
    this.mappingContext = ctx.mapping ?? false;
    this.simpleKeyContext = ctx.simpleKey ?? false;
    if (node.kind === 'scalar') {
      this.increaseIndent(true);
      this.processScalar(node);
      this.popIndent();
    } else if (node.kind === 'seq') {
      if (this.flowLevel > 0 || node.flow || node.items.length === 0) this.flowSequence(node.items);
      else this.blockSequence(node.items);
    } else if (this.flowLevel > 0 || node.flow || node.pairs.length === 0) this.flowMapping(node.pairs);
    else this.blockMapping(node.pairs);
  }

  private flowSequence(items: Node[]): void {
    this.writeIndicator('[', true, true);
    this.flowLevel++;
    this.increaseIndent(true);
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.writeIndicator(',', false);
      if (this.column > this.bestWidth) this.writeIndent();
      this.emitNode(items[i] as Node, { sequence: true });
    }
    this.popIndent();
    this.flowLevel--;
    this.writeIndicator(']', false);
  }

  private blockSequence(items: Node[]): void {
    const indentless = this.mappingContext && !this.indention;
    this.increaseIndent(false, indentless);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.emitNode(item, { sequence: true });
    }
    this.popIndent();
  }

  private flowMapping(pairs: [Node, Node][]): void {
    this.writeIndicator('{', true, true);
    this.flowLevel++;
    this.increaseIndent(true);
    for (let i = 0; i < pairs.length; i++) {
      const [key, value] = pairs[i] as [Node, Node];
      if (i > 0) this.writeIndicator(',', false);
      if (this.column > this.bestWidth) this.writeIndent();
      if (this.isSimpleKey(key)) {
        this.emitNode(key, { mapping: true, simpleKey: true });
        this.writeIndicator(':', false);
      } else {
        this.writeIndicator('?', true);
        this.emitNode(key, { mapping: true });
        if (this.column > this.bestWidth) this.writeIndent();
        this.writeIndicator(':', true);
      }
      this.emitNode(value, { mapping: true });
    }
    this.popIndent();
    this.flowLevel--;
    this.writeIndicator('}', false);
  }

  private blockMapping(pairs: [Node, Node][]): void {
    this.increaseIndent(false);
    for (const [key, value] of pairs) {
      this.writeIndent();
      if (this.isSimpleKey(key)) {
        this.emitNode(key, { mapping: true, simpleKey: true });
        this.writeIndicator(':', false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.emitNode(key, { mapping: true });
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.emitNode(value, { mapping: true });
    }
    this.popIndent();
  }

  private isSimpleKey(node: Node): boolean {
    if (node.kind === 'seq') return node.items.length === 0;
    if (node.kind === 'map') return node.pairs.length === 0;
    // libyaml: any one-line scalar up to 128 bytes (an empty one too) is a simple key.
    node.analysis ??= analyze(node.text, this.allowUnicode);
    return Buffer.byteLength(node.text, 'utf8') <= 128 && !node.analysis.multiline;
  }

  private processScalar(node: { text: string; plainImplicit: boolean; analysis?: Analysis; nonSpecific?: boolean }): void {
    const a = (node.analysis ??= analyze(node.text, this.allowUnicode));
    if (node.nonSpecific) this.writeIndicator('!', true);
    const split = !this.simpleKeyContext;
    if (
      node.plainImplicit &&
      !(a.empty && (this.flowLevel > 0 || this.simpleKeyContext)) &&
      !(this.simpleKeyContext && a.multiline) &&
      ((this.flowLevel > 0 && a.allowFlowPlain) || (this.flowLevel === 0 && a.allowBlockPlain))
    ) {
      this.writePlain(node.text, split);
    } else if (a.allowSingleQuoted && !(this.simpleKeyContext && a.multiline)) {
      this.writeSingleQuoted(node.text, split);
    } else this.writeDoubleQuoted(node.text, split);
  }

  private writePlain(text: string, split: boolean): void {
    if (!text) return;
    if (!this.whitespace) {
      this.write(' ');
      this.column++;
    }
    this.whitespace = false;
    this.indention = false;
    if (!/[ \n\x85\u2028\u2029]/.test(text)) {
      // One word: nothing to fold or break.
      this.column += [...text].length;
      this.write(text);
      return;
    }
    const chars = [...text];
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= chars.length; end++) {
      const ch = chars[end];
      if (spaces) {
        if (ch !== ' ') {
          if (start + 1 === end && this.column > this.bestWidth && split) {
            this.writeIndent();
            this.whitespace = false;
            this.indention = false;
          } else {
            const data = chars.slice(start, end).join('');
            this.column += end - start;
            this.write(data);
          }
          start = end;
        }
      } else if (breaks) {
        if (ch === undefined || !BREAKS.includes(ch)) {
          if (chars[start] === '\n') this.writeLineBreak();
          for (const br of chars.slice(start, end)) this.writeLineBreak(br === '\n' ? '\n' : br);
          this.writeIndent();
          this.whitespace = false;
          this.indention = false;
          start = end;
        }
      } else if (ch === undefined || ' \n\x85\u2028\u2029'.includes(ch)) {
        this.column += end - start;
        this.write(chars.slice(start, end).join(''));
        start = end;
      }
      if (ch !== undefined) {
        spaces = ch === ' ';
        breaks = BREAKS.includes(ch);
      }
    }
  }

  private writeSingleQuoted(text: string, split: boolean): void {
    this.writeIndicator("'", true);
    const chars = [...text];
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= chars.length; end++) {
      const ch = chars[end];
      if (spaces) {
        if (ch === undefined || ch !== ' ') {
          if (start + 1 === end && this.column > this.bestWidth && split && start !== 0 && end !== chars.length) this.writeIndent();
          else {
            this.column += end - start;
            this.write(chars.slice(start, end).join(''));
          }
          start = end;
        }
      } else if (breaks) {
        if (ch === undefined || !BREAKS.includes(ch)) {
          if (chars[start] === '\n') this.writeLineBreak();
          for (const br of chars.slice(start, end)) this.writeLineBreak(br === '\n' ? '\n' : br);
          this.writeIndent();
          start = end;
        }
      } else if (ch === undefined || ' \n\x85\u2028\u2029'.includes(ch) || ch === "'") {
        if (start < end) {
          this.column += end - start;
          this.write(chars.slice(start, end).join(''));
          start = end;
        }
      }
      if (ch === "'") {
        this.column += 2;
        this.write("''");
        start = end + 1;
      }
      if (ch !== undefined) {
        spaces = ch === ' ';
        breaks = BREAKS.includes(ch);
      }
    }
    this.writeIndicator("'", false);
  }

  /** libyaml's double-quoted writer: escapes, and folding at a space past the width. */
  private writeDoubleQuoted(text: string, split: boolean): void {
    this.writeIndicator('"', true);
    const chars = [...text];
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i] as string;
      const code = ch.codePointAt(0) as number;
      const printable = code === 0x0a || (code >= 0x20 && code <= 0x7e) || code === 0x85 || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd);
      const isBreak = ch === '\r' || ch === '\n' || ch === '\x85' || ch === '\u2028' || ch === '\u2029';
      if (!printable || (!this.allowUnicode && code > 0x7e) || code === 0xfeff || isBreak || ch === '"' || ch === '\\') {
        const esc = ESCAPES[ch];
        let data: string;
        if (esc !== undefined) data = `\\${esc}`;
        else if (code <= 0xff) data = `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
        else if (code <= 0xffff) data = `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
        else data = `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`;
        this.column += data.length;
        this.write(data);
        spaces = false;
      } else if (ch === ' ') {
        if (split && !spaces && this.column > this.bestWidth && i !== 0 && i !== chars.length - 1) {
          this.writeIndent();
          this.whitespace = false;
          this.indention = false;
          if (chars[i + 1] === ' ') {
            this.column += 1;
            this.write('\\');
          }
        } else {
          this.column += 1;
          this.write(' ');
        }
        spaces = true;
      } else {
        this.column += 1;
        this.write(ch);
        spaces = false;
      }
    }
    this.writeIndicator('"', false);
  }
}

/** yaml.dump(value, Dumper=AnsibleDumper, …) for one document. */
export function dumpYaml(value: Data, options: YamlDumpOptions = {}): string {
  let indent = options.indent ?? 2;
  if (indent < 2 || indent > 9) indent = 2;
  let width = options.width ?? 80;
  if (width <= indent * 2) width = 80;
  const node = represent(value, { ...options, defaultFlowStyle: options.defaultFlowStyle === undefined ? null : options.defaultFlowStyle });
  const e = new Emitter(indent, width, options.allowUnicode ?? true);
  if (options.explicitStart) e.writeIndicator('---', true);
  e.emitNode(node, { root: true });
  e.writeIndent();
  if (options.explicitEnd) {
    e.writeIndicator('...', true);
    e.writeIndent();
  }
  return e.out;
}
