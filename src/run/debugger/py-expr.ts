/**
 * The small part of Python the task debugger evaluates: names, literals, attribute and item
 * access (`task.args['msg']`, `task_vars['x']`), and one assignment to such a target. ansible's
 * debugger hands the line to Python's eval/exec; Volant answers what users type there with
 * Python's own error words.
 */
import { dict, isDict, isTuple, markTuple, PyFloat, pyRepr, strRepr, UnsafeString, type Data, type DictKey } from '../../core/data.js';

/** An object the debugger shows that is not plain data (the task, the host, the result). */
export interface PyObject {
  readonly pyType: string;
  repr(): string;
  getAttr(name: string): PyValue | undefined;
  setAttr?(name: string, value: PyValue): boolean;
  getItem?(key: DictKey): PyValue;
  setItem?(key: DictKey, value: PyValue): void;
  /** Its value as data, when pprint should show it as one (task_vars). */
  asData?(): Data;
}

export type PyValue = Data | PyObject;

export function isPyObject(value: PyValue | undefined): value is PyObject {
  return typeof value === 'object' && value !== null && 'pyType' in value;
}

/** A Python exception raised while evaluating: `***Name:Name(args)` is how the debugger shows it. */
export class PyException extends Error {
  constructor(
    readonly pyName: string,
    readonly argsRepr: string,
  ) {
    super(`${pyName}(${argsRepr})`);
  }
}

const nameError = (name: string): PyException => new PyException('NameError', strRepr(`name '${name}' is not defined`));
const keyError = (key: DictKey): PyException => new PyException('KeyError', pyRepr(key));

type Node =
  | { kind: 'name'; name: string }
  | { kind: 'const'; value: Data }
  | { kind: 'list'; items: Node[]; tuple: boolean }
  | { kind: 'dict'; entries: [Node, Node][] }
  | { kind: 'attr'; target: Node; name: string }
  | { kind: 'item'; target: Node; key: Node };

interface Token {
  readonly kind: 'name' | 'num' | 'str' | 'op' | 'end';
  readonly text: string;
  readonly value?: Data;
  readonly col: number;
}

class SyntaxErr extends Error {
  constructor(readonly col: number) {
    super('invalid syntax');
  }
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = line.slice(i);
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', text: name[0], col: i });
      i += name[0].length;
      continue;
    }
    const num = /^\d+(\.\d*)?([eE][-+]?\d+)?/.exec(rest);
    if (num) {
      const text = num[0];
      const value: Data = /[.eE]/.test(text) ? new PyFloat(Number(text)) : Number(text);
      tokens.push({ kind: 'num', text, value, col: i });
      i += text.length;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      let text = '';
      while (j < line.length && line[j] !== ch) {
        if (line[j] === '\\' && j + 1 < line.length) {
          const esc = line[j + 1] as string;
          text += esc === 'n' ? '\n' : esc === 't' ? '\t' : esc === 'r' ? '\r' : esc;
          j += 2;
        } else text += line[j++];
      }
      if (j >= line.length) throw new SyntaxErr(i);
      tokens.push({ kind: 'str', text: line.slice(i, j + 1), value: text, col: i });
      i = j + 1;
      continue;
    }
    if ('.[](){},:=-'.includes(ch)) {
      tokens.push({ kind: 'op', text: ch, col: i });
      i++;
      continue;
    }
    throw new SyntaxErr(i);
  }
  tokens.push({ kind: 'end', text: '', col: line.length });
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.pos] as Token;
  }

  take(text?: string): Token {
    const t = this.peek();
    if (text !== undefined && t.text !== text) throw new SyntaxErr(t.col);
    this.pos++;
    return t;
  }

  atEnd(): boolean {
    return this.peek().kind === 'end';
  }

  expr(): Node {
    let node = this.primary();
    for (;;) {
      const t = this.peek();
      if (t.text === '.') {
        this.take();
        const name = this.take();
        if (name.kind !== 'name') throw new SyntaxErr(name.col);
        node = { kind: 'attr', target: node, name: name.text };
      } else if (t.text === '[') {
        this.take();
        const key = this.expr();
        this.take(']');
        node = { kind: 'item', target: node, key };
      } else return node;
    }
  }

  private primary(): Node {
    const t = this.take();
    if (t.kind === 'num' || t.kind === 'str') return { kind: 'const', value: t.value as Data };
    if (t.kind === 'name') {
      if (t.text === 'True') return { kind: 'const', value: true };
      if (t.text === 'False') return { kind: 'const', value: false };
      if (t.text === 'None') return { kind: 'const', value: null };
      return { kind: 'name', name: t.text };
    }
    if (t.text === '-') {
      const n = this.take();
      if (n.kind !== 'num') throw new SyntaxErr(n.col);
      const v = n.value as Data;
      return { kind: 'const', value: v instanceof PyFloat ? new PyFloat(-v.value) : -(v as number) };
    }
    if (t.text === '[' || t.text === '(') {
      const close = t.text === '[' ? ']' : ')';
      const items: Node[] = [];
      let comma = false;
      while (this.peek().text !== close) {
        items.push(this.expr());
        if (this.peek().text !== ',') break;
        this.take();
        comma = true;
      }
      this.take(close);
      if (close === ')' && items.length === 1 && !comma) return items[0] as Node;
      return { kind: 'list', items, tuple: close === ')' };
    }
    if (t.text === '{') {
      const entries: [Node, Node][] = [];
      while (this.peek().text !== '}') {
        const k = this.expr();
        this.take(':');
        entries.push([k, this.expr()]);
        if (this.peek().text !== ',') break;
        this.take();
      }
      this.take('}');
      return { kind: 'dict', entries };
    }
    throw new SyntaxErr(t.col);
  }
}

/** Python's SyntaxError for a line it cannot read, as repr() shows it. */
function syntaxError(line: string, col: number): PyException {
  const at = col + 1;
  return new PyException('SyntaxError', `'invalid syntax', ('<stdin>', 1, ${at}, ${strRepr(`${line}\n`)}, 1, ${at + 1})`);
}

function parseLine(line: string, statement: boolean): { target?: Node; value: Node } {
  try {
    const p = new Parser(tokenize(line));
    const first = p.expr();
    if (statement && p.peek().text === '=') {
      p.take();
      const value = p.expr();
      if (!p.atEnd()) throw new SyntaxErr(p.peek().col);
      if (first.kind !== 'name' && first.kind !== 'attr' && first.kind !== 'item') throw new SyntaxErr(0);
      return { target: first, value };
    }
    if (!p.atEnd()) throw new SyntaxErr(p.peek().col);
    return { value: first };
  } catch (e) {
    if (e instanceof SyntaxErr) throw syntaxError(line, e.col);
    throw e;
  }
}

function typeName(value: PyValue | undefined): string {
  if (isPyObject(value)) return value.pyType;
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'int';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  if (isDict(value)) return 'dict';
  return 'str';
}

function toKey(value: PyValue): DictKey {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new PyException('TypeError', strRepr(`unhashable type: '${typeName(value)}'`));
}

function evaluate(node: Node, scope: Map<string, PyValue>): PyValue {
  switch (node.kind) {
    case 'const':
      return node.value;
    case 'name': {
      const v = scope.get(node.name);
      if (v === undefined) throw nameError(node.name);
      return v;
    }
    case 'list': {
      const items = node.items.map((n) => asData(evaluate(n, scope)));
      return node.tuple ? markTuple(items) : items;
    }
    case 'dict':
      return dict(node.entries.map(([k, v]) => [toKey(evaluate(k, scope)), asData(evaluate(v, scope))] as const));
    case 'attr': {
      const target = evaluate(node.target, scope);
      const v = isPyObject(target) ? target.getAttr(node.name) : undefined;
      if (v === undefined) throw new PyException('AttributeError', strRepr(`'${typeName(target)}' object has no attribute '${node.name}'`));
      return v;
    }
    case 'item': {
      const target = evaluate(node.target, scope);
      const key = toKey(evaluate(node.key, scope));
      if (isPyObject(target)) {
        if (!target.getItem) throw new PyException('TypeError', strRepr(`'${target.pyType}' object is not subscriptable`));
        return target.getItem(key);
      }
      if (isDict(target)) {
        if (!target.has(key)) throw keyError(key);
        return target.get(key) as Data;
      }
      if (Array.isArray(target) || typeof target === 'string') {
        if (typeof key !== 'number') throw new PyException('TypeError', strRepr(`${typeName(target)} indices must be integers or slices, not ${typeName(key)}`));
        const i = key < 0 ? target.length + key : key;
        if (i < 0 || i >= target.length) throw new PyException('IndexError', strRepr(`${typeName(target)} index out of range`));
        return target[i] as Data;
      }
      throw new PyException('TypeError', strRepr(`'${typeName(target)}' object is not subscriptable`));
    }
  }
}

export function asData(value: PyValue): Data {
  if (!isPyObject(value)) return value;
  return value.asData ? value.asData() : value.repr();
}

/** `p expr`: the value, or a PyException. */
export function evaluateLine(line: string, scope: Map<string, PyValue>): PyValue {
  return evaluate(parseLine(line, false).value, scope);
}

/** A literal's strings, at any depth, as text no template renders. */
function untrusted(value: PyValue): PyValue {
  if (typeof value === 'string') return new UnsafeString(value);
  if (Array.isArray(value)) {
    const out = value.map((item) => untrusted(item) as Data);
    return isTuple(value) ? markTuple(out) : out;
  }
  if (isDict(value)) return new Map([...value].map(([k, item]) => [k, untrusted(item) as Data]));
  return value;
}

/** A statement: an assignment, or an expression evaluated for nothing (exec does not print). */
export function executeLine(line: string, scope: Map<string, PyValue>): PyValue | undefined {
  const { target, value } = parseLine(line, true);
  const evaluated = evaluate(value, scope);
  if (!target) return evaluated;
  // NOTE: 2.19 trusts no text typed at the debugger: a template assigned there stays text.
  const v = value.kind === 'const' || value.kind === 'list' || value.kind === 'dict' ? untrusted(evaluated) : evaluated;
  if (target.kind === 'name') {
    scope.set(target.name, v);
    return undefined;
  }
  if (target.kind === 'attr') {
    const obj = evaluate(target.target, scope);
    if (isPyObject(obj) && obj.setAttr?.(target.name, v)) return undefined;
    throw new PyException('AttributeError', strRepr(`'${typeName(obj)}' object has no attribute '${target.name}'`));
  }
  if (target.kind === 'item') {
    const obj = evaluate(target.target, scope);
    const key = toKey(evaluate(target.key, scope));
    if (isPyObject(obj) && obj.setItem) obj.setItem(key, v);
    else if (isDict(obj)) obj.set(key, asData(v));
    else if (Array.isArray(obj) && typeof key === 'number') {
      const i = key < 0 ? obj.length + key : key;
      if (i < 0 || i >= obj.length) throw new PyException('IndexError', strRepr('list assignment index out of range'));
      obj[i] = asData(v);
    } else throw new PyException('TypeError', strRepr(`'${typeName(obj)}' object does not support item assignment`));
  }
  return undefined;
}
