/**
 * libyaml's emitter as PyYAML drives it: the same cursor state (column, whitespace, indention)
 * libyaml keeps, because every spacing decision depends on it; block and flow collections,
 * scalar styles, folding at the best width, indentless sequences in mappings.
 */
import { analyze, isBreak, isPrintable, type Analysis } from './analyze.js';

export interface ScalarNode {
  readonly kind: 'scalar';
  readonly text: string;
  /** Written plain, it reads back as the same type (the event's plain_implicit). */
  readonly plainImplicit: boolean;
  /** The representer asked for a `|` block. */
  readonly literal?: boolean;
  /** Tagged with the non-specific `!` (Ansible's dumper does this for datetimes). */
  readonly nonSpecific?: boolean;
  /** A shorthand tag written before it (`!!binary`). */
  readonly tag?: string;
  analysis?: Analysis;
}
export type Node = ScalarNode | { kind: 'seq'; items: Node[]; flow: boolean } | { kind: 'map'; pairs: [Node, Node][]; flow: boolean };

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

export class Emitter {
  out = '';
  column = 0;
  whitespace = true;
  indention = true;
  indent: number | null = null;
  private readonly indents: (number | null)[] = [];
  flowLevel = 0;
  /** A `|+` block ended the text: the document needs an explicit end. */
  openEnded = false;
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

  emitNode(node: Node, ctx: { sequence?: boolean; mapping?: boolean; simpleKey?: boolean }): void {
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

  private processScalar(node: ScalarNode): void {
    const a = (node.analysis ??= analyze(node.text, this.allowUnicode));
    if (node.nonSpecific) this.writeIndicator('!', true);
    if (node.tag !== undefined) this.writeIndicator(node.tag, true);
    const split = !this.simpleKeyContext;
    if (node.literal && a.allowBlock && this.flowLevel === 0 && !this.simpleKeyContext) this.writeLiteral(node.text);
    else if (
      !node.literal &&
      node.plainImplicit &&
      !(a.empty && (this.flowLevel > 0 || this.simpleKeyContext)) &&
      !(this.simpleKeyContext && a.multiline) &&
      ((this.flowLevel > 0 && a.allowFlowPlain) || (this.flowLevel === 0 && a.allowBlockPlain))
    ) {
      this.writePlain(node.text, split);
    } else if (!node.literal && a.allowSingleQuoted && !(this.simpleKeyContext && a.multiline)) {
      this.writeSingleQuoted(node.text, split);
    } else this.writeDoubleQuoted(node.text, split);
  }

  /** libyaml's literal block: `|` with its indentation and chomping hints, then the lines. */
  private writeLiteral(text: string): void {
    const chars = [...text];
    let hints = '';
    if (chars[0] === ' ' || isBreak(chars[0])) hints += String(this.bestIndent);
    // NOTE: libyaml forgets an earlier `|+` here: only a keep block with no block after it ends the document with `...`.
    this.openEnded = false;
    if (chars.length === 0 || !isBreak(chars[chars.length - 1])) hints += '-';
    else if (chars.length === 1 || isBreak(chars[chars.length - 2])) {
      hints += '+';
      this.openEnded = true;
    }
    this.writeIndicator('|' + hints, true);
    this.writeLineBreak();
    let breaks = true;
    for (const ch of chars) {
      if (isBreak(ch)) {
        this.writeLineBreak(ch);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.column++;
        this.write(ch);
        this.indention = false;
        breaks = false;
      }
    }
  }

  /** NOTE: the analysis never lets multi-line text be plain, so only a single space can fold here. */
  private writePlain(text: string, split: boolean): void {
    if (!text) return;
    if (!this.whitespace) {
      this.write(' ');
      this.column++;
    }
    this.whitespace = false;
    this.indention = false;
    const chars = [...text];
    let start = 0;
    if (split && text.includes(' ')) {
      for (let i = 0; i < chars.length; i++) {
        if (chars[i] !== ' ' || chars[i - 1] === ' ' || chars[i + 1] === ' ') continue;
        if (this.column + (i - start) <= this.bestWidth) continue;
        this.write(chars.slice(start, i).join(''));
        this.column += i - start;
        this.writeIndent();
        start = i + 1;
      }
    }
    this.write(start === 0 ? text : chars.slice(start).join(''));
    this.column += chars.length - start;
    this.whitespace = false;
    this.indention = false;
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
        if (ch === undefined || !isBreak(ch)) {
          if (chars[start] === '\n') this.writeLineBreak();
          for (const br of chars.slice(start, end)) this.writeLineBreak(br);
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
        breaks = isBreak(ch);
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
      if (!isPrintable(code) || (!this.allowUnicode && code > 0x7e) || isBreak(ch) || ch === '"' || ch === '\\') {
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

