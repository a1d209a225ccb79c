/**
 * Jinja2's parser: tokens → statements and expressions, following Jinja's grammar and operator
 * precedence (which is Python's, except `~` and filters) and its error messages.
 */
import { PyFloat, intFromDigits } from '../core/data.js';
import type { BinaryOp, CompareOp, Expr, MacroDef, Stmt, Target } from './ast.js';
import type { Token } from './lexer.js';
import { TemplateSyntaxError } from './template-syntax-error.js';
import { assignTarget, type TargetExpr } from './assign-target.js';

const TYPE_NAMES: Record<string, string> = {
  variable_begin: 'begin of print statement',
  variable_end: 'end of print statement',
  block_begin: 'begin of statement block',
  block_end: 'end of statement block',
  eof: 'end of template',
  data: 'template data / text',
};

function describe(token: Token): string {
  if (token.type === 'name' || token.type === 'operator') return token.value;
  return TYPE_NAMES[token.type] ?? token.type;
}

export class Parser {
  private i = 0;
  /** Blocks still open, innermost last: for the "Jinja was looking for" message. */
  private readonly endTokenStack: string[][] = [];
  private readonly tagStack: string[] = [];

  constructor(private readonly tokens: Token[]) {}

  private get cur(): Token {
    return this.tokens[this.i] as Token;
  }

  private peek(n = 1): Token {
    return (this.tokens[this.i + n] ?? this.tokens[this.tokens.length - 1]) as Token;
  }

  private next(): Token {
    const t = this.cur;
    if (t.type !== 'eof') this.i++;
    return t;
  }

  private isOp(value: string): boolean {
    return this.cur.type === 'operator' && this.cur.value === value;
  }

  private isName(value?: string): boolean {
    return this.cur.type === 'name' && (value === undefined || this.cur.value === value);
  }

  private skipOp(value: string): boolean {
    if (this.isOp(value)) {
      this.i++;
      return true;
    }
    return false;
  }

  private skipName(value: string): boolean {
    if (this.isName(value)) {
      this.i++;
      return true;
    }
    return false;
  }

  private fail(message: string, pos = this.cur.pos): never {
    throw new TemplateSyntaxError(message, pos);
  }

  private expectOp(value: string): Token {
    if (!this.isOp(value)) {
      if (this.cur.type === 'eof') this.fail(`unexpected end of template, expected '${value}'.`);
      this.fail(`expected token '${value}', got '${describe(this.cur)}'`);
    }
    return this.next();
  }

  private expectType(type: Token['type']): Token {
    if (this.cur.type !== type) {
      if (this.cur.type === 'eof') this.fail(`unexpected end of template, expected '${TYPE_NAMES[type] ?? type}'.`);
      this.fail(`expected token '${TYPE_NAMES[type] ?? type}', got '${describe(this.cur)}'`);
    }
    return this.next();
  }

  private expectName(value?: string): Token {
    if (!this.isName(value)) {
      const want = value ?? 'name';
      if (this.cur.type === 'eof') this.fail(`unexpected end of template, expected '${want}'.`);
      this.fail(`expected token '${want}', got '${describe(this.cur)}'`);
    }
    return this.next();
  }

  /** A bare expression must use all its tokens. */
  /** Jinja's compile_expression: whatever follows the one expression is refused as a whole. */
  expectEnd(): void {
    if (this.cur.type !== 'eof') this.fail('chunk after expression');
  }

  parseTemplate(): Stmt[] {
    const body = this.subparse(null);
    return body;
  }

  private subparse(endTokens: string[] | null): Stmt[] {
    const body: Stmt[] = [];
    if (endTokens) this.endTokenStack.push(endTokens);
    try {
      for (;;) {
        const t = this.cur;
        if (t.type === 'eof') break;
        if (t.type === 'data') {
          body.push({ kind: 'output', data: t.value });
          this.next();
        } else if (t.type === 'variable_begin') {
          this.next();
          const expr = this.parseTuple(true);
          body.push({ kind: 'print', expr, pos: t.pos });
          this.expectType('variable_end');
        } else if (t.type === 'block_begin') {
          this.next();
          if (endTokens && this.isName() && endTokens.includes(this.cur.value)) return body;
          const stmts = this.parseStatement();
          body.push(...stmts);
          this.expectType('block_end');
        } else {
          this.fail('internal parser error');
        }
      }
      if (endTokens) this.failEof();
      return body;
    } finally {
      if (endTokens) this.endTokenStack.pop();
    }
  }

  private failEof(): never {
    this.failUnknown(null);
  }

  private failUnknown(name: string | null): never {
    const expected = new Set<string>();
    for (const group of this.endTokenStack) for (const e of group) expected.add(e);
    const parts: string[] = [];
    if (name === null) parts.push('Unexpected end of template.');
    else parts.push(`Encountered unknown tag '${name}'.`);
    if (expected.size > 0) {
      const list = [...(this.endTokenStack[this.endTokenStack.length - 1] ?? [])].map((e) => `'${e}'`);
      const names = list.join(' or ');
      if (name !== null && expected.has(name)) parts.push(`You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for ${names}.`);
      else parts.push(`Jinja was looking for the following tags: ${names}.`);
    }
    const inner = this.tagStack[this.tagStack.length - 1];
    if (inner !== undefined) parts.push(`The innermost block that needs to be closed is '${inner}'.`);
    this.fail(parts.join(' '));
  }

  private parseStatement(): Stmt[] {
    const t = this.cur;
    if (t.type !== 'name') this.fail('tag name expected');
    const name = t.value;
    this.tagStack.push(name);
    let popped = false;
    try {
      switch (name) {
        case 'if':
          this.next();
          return [this.parseIf(t.pos)];
        case 'for':
          this.next();
          return [this.parseFor(t.pos)];
        case 'set':
          this.next();
          return [this.parseSet(t.pos)];
        case 'macro':
          this.next();
          return [this.parseMacro()];
        case 'call':
          this.next();
          return [this.parseCallBlock(t.pos)];
        case 'filter':
          this.next();
          return [this.parseFilterBlock(t.pos)];
        case 'with':
          this.next();
          return [this.parseWith(t.pos)];
        case 'autoescape': {
          this.next();
          const setting = this.parseExpression();
          this.expectType('block_end');
          const body = this.subparse(['endautoescape']);
          this.next();
          return [{ kind: 'autoescape', setting, body, pos: t.pos }];
        }
        case 'block':
          this.next();
          return [this.parseBlock(t.pos)];
        case 'extends':
          this.next();
          return [{ kind: 'extends', template: this.parseExpression(), pos: t.pos }];
        case 'include':
          this.next();
          return [this.parseInclude(t.pos)];
        case 'import':
          this.next();
          return [this.parseImport(t.pos)];
        case 'from':
          this.next();
          return [this.parseFrom(t.pos)];
        case 'print': {
          this.next();
          const expr = this.parseTuple(true);
          return [{ kind: 'print', expr, pos: t.pos }];
        }
        default:
          // The tag is not a statement: leave the stack as the enclosing block for the message.
          this.tagStack.pop();
          popped = true;
          return this.failUnknown(name);
      }
    } finally {
      if (!popped) this.tagStack.pop();
    }
  }

  private parseIf(pos: number): Stmt {
    const test = this.parseTuple(false);
    this.expectType('block_end');
    const body = this.subparse(['elif', 'else', 'endif']);
    const tok = this.next();
    if (tok.value === 'elif') {
      const nested = this.parseIf(tok.pos);
      return { kind: 'if', test, body, orelse: [nested], pos };
    }
    let orelse: Stmt[] = [];
    if (tok.value === 'else') {
      this.expectType('block_end');
      orelse = this.subparse(['endif']);
      this.next();
    }
    return { kind: 'if', test, body, orelse, pos };
  }

  private parseFor(pos: number): Stmt {
    const target = this.parseAssignTarget(false);
    this.expectName('in');
    const iter = this.parseTuple(false);
    let filter: Expr | null = null;
    if (this.skipName('if')) filter = this.parseExpression();
    const recursive = this.skipName('recursive');
    this.expectType('block_end');
    const body = this.subparse(['endfor', 'else']);
    let orelse: Stmt[] = [];
    if (this.next().value === 'else') {
      this.expectType('block_end');
      orelse = this.subparse(['endfor']);
      this.next();
    }
    return { kind: 'for', target, iter, body, orelse, filter, recursive, pos };
  }

  private parseSet(pos: number): Stmt {
    const target = this.parseAssignTarget(true);
    if (this.skipOp('=')) {
      const expr = this.parseTuple(true);
      return { kind: 'set', target, expr, pos };
    }
    const filters = this.parseFilterChain(null);
    this.expectType('block_end');
    const body = this.subparse(['endset']);
    this.next();
    return { kind: 'setblock', target, body, filters, pos };
  }

  private parseMacroSignature(def: MacroDef): void {
    this.expectOp('(');
    while (!this.isOp(')')) {
      if (def.params.length > 0) this.expectOp(',');
      const arg = this.expectName().value;
      if (this.skipOp('=')) def.defaults.push(this.parseExpression());
      else if (def.defaults.some((d) => d !== null)) this.fail('non-default argument follows default argument');
      else def.defaults.push(null);
      def.params.push(arg);
    }
    this.expectOp(')');
  }

  private parseMacro(): Stmt {
    const nameTok = this.expectName();
    const def: MacroDef = { name: nameTok.value, params: [], defaults: [], body: [], pos: nameTok.pos };
    this.parseMacroSignature(def);
    this.expectType('block_end');
    def.body = this.subparse(['endmacro']);
    this.next();
    return { kind: 'macro', def };
  }

  private parseCallBlock(pos: number): Stmt {
    const def: MacroDef = { name: 'caller', params: [], defaults: [], body: [], pos };
    if (this.isOp('(')) this.parseMacroSignature(def);
    const call = this.parseExpression();
    if (call.kind !== 'call') this.fail('expected call', pos);
    this.expectType('block_end');
    def.body = this.subparse(['endcall']);
    this.next();
    return { kind: 'callblock', call, def, pos };
  }

  private parseFilterBlock(pos: number): Stmt {
    const filter = this.parseFilterChain(null, true);
    if (filter === null) this.fail('expected filter', pos);
    this.expectType('block_end');
    const body = this.subparse(['endfilter']);
    this.next();
    return { kind: 'filterblock', filter, body, pos };
  }

  private parseWith(pos: number): Stmt {
    const targets: [Target, Expr][] = [];
    while (this.cur.type !== 'block_end') {
      if (targets.length > 0) this.expectOp(',');
      const target = this.parseAssignTarget(false);
      this.expectOp('=');
      targets.push([target, this.parseExpression()]);
    }
    this.expectType('block_end');
    const body = this.subparse(['endwith']);
    this.next();
    return { kind: 'with', targets, body, pos };
  }

  private parseBlock(pos: number): Stmt {
    const name = this.expectName().value;
    const scoped = this.skipName('scoped');
    this.skipName('required');
    this.expectType('block_end');
    const body = this.subparse(['endblock']);
    this.next();
    if (this.isName()) this.skipName(name);
    return { kind: 'block', name, body, scoped, pos };
  }

  private parseContextModifier(defaultWith: boolean): boolean {
    if (this.isName('with') || this.isName('without')) {
      if (this.peek().type === 'name' && this.peek().value === 'context') {
        const w = this.next().value === 'with';
        this.next();
        return w;
      }
    }
    return defaultWith;
  }

  private parseInclude(pos: number): Stmt {
    const template = this.parseExpression();
    let ignoreMissing = false;
    if (this.isName('ignore') && this.peek().type === 'name' && this.peek().value === 'missing') {
      this.next();
      this.next();
      ignoreMissing = true;
    }
    const withContext = this.parseContextModifier(true);
    return { kind: 'include', template, ignoreMissing, withContext, pos };
  }

  private parseImport(pos: number): Stmt {
    const template = this.parseExpression();
    this.expectName('as');
    const target = this.expectName().value;
    const withContext = this.parseContextModifier(false);
    return { kind: 'import', template, target, withContext, pos };
  }

  private parseFrom(pos: number): Stmt {
    const template = this.parseExpression();
    this.expectName('import');
    const names: [string, string][] = [];
    let withContext = false;
    for (;;) {
      if (names.length > 0) {
        if (!this.skipOp(',')) break;
      }
      if (this.isName()) {
        if ((this.isName('with') || this.isName('without')) && this.peek().type === 'name' && this.peek().value === 'context') {
          withContext = this.parseContextModifier(false);
          break;
        }
        const name = this.next().value;
        let alias = name;
        if (this.skipName('as')) alias = this.expectName().value;
        names.push([name, alias]);
        // as Jinja's parse_from: the context modifier may follow the last name
        if ((this.isName('with') || this.isName('without')) && this.peek().type === 'name' && this.peek().value === 'context') {
          withContext = this.parseContextModifier(false);
          break;
        }
      } else {
        break;
      }
    }
    if (names.length === 0) this.expectName();
    return { kind: 'fromimport', template, names, withContext, pos };
  }

  /** Jinja's parse_assign_target: a tuple of primaries (`ns.attr` too in `set`), then can_assign. */
  private parseAssignTarget(withNamespace: boolean): Target {
    const pos = this.cur.pos;
    const items: TargetExpr[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length > 0) this.expectOp(',');
      if (this.isTupleEnd()) break;
      items.push(this.parseTargetPrimary(withNamespace));
      if (this.isOp(',')) isTuple = true;
      else break;
    }
    if (!isTuple && items.length === 0) this.fail(`Expected an expression, got '${describe(this.cur)}'`);
    const target = assignTarget(isTuple ? { kind: 'tuple', items, pos } : (items[0] as TargetExpr));
    if (typeof target === 'string') this.fail(target, pos);
    return target;
  }

  private parseTargetPrimary(withNamespace: boolean): TargetExpr {
    const t = this.cur;
    if (withNamespace && t.type === 'name' && this.peek().type === 'operator' && this.peek().value === '.') {
      this.next();
      this.next();
      return { kind: 'nsref', name: t.value, attr: this.expectName().value, pos: t.pos };
    }
    return this.parsePrimary();
  }

  /** Jinja's parse_tuple: `a, b` without brackets is a tuple; used for print and statement expressions. */
  parseTuple(withCondexpr: boolean, explicitParens = false): Expr {
    const pos = this.cur.pos;
    const items: Expr[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length > 0) this.expectOp(',');
      if (this.isTupleEnd()) break;
      items.push(withCondexpr ? this.parseExpression() : this.parseExpression(false));
      if (this.isOp(',')) isTuple = true;
      else break;
    }
    if (!isTuple) {
      if (items.length > 0) return items[0] as Expr;
      if (!explicitParens) this.fail(`Expected an expression, got '${describe(this.cur)}'`);
    }
    return { kind: 'tuple', items, pos };
  }

  /** Jinja's is_tuple_end. Its extra end rules (`in` of a for loop) never match (it hands test_any
   * one tuple), so `{% for a, in x %}` reads `in` as a target and fails on what follows. */
  private isTupleEnd(): boolean {
    const t = this.cur;
    if (t.type === 'variable_end' || t.type === 'block_end' || t.type === 'eof') return true;
    return t.type === 'operator' && t.value === ')';
  }

  parseExpression(withCondexpr = true): Expr {
    return withCondexpr ? this.parseCondexpr() : this.parseOr();
  }

  private parseCondexpr(): Expr {
    const pos = this.cur.pos;
    let expr = this.parseOr();
    while (this.skipName('if')) {
      const test = this.parseOr();
      let orelse: Expr | null = null;
      if (this.skipName('else')) orelse = this.parseCondexpr();
      expr = { kind: 'cond', test, then: expr, else: orelse, pos };
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      const pos = this.next().pos;
      left = { kind: 'or', left, right: this.parseAnd(), pos };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isName('and')) {
      const pos = this.next().pos;
      left = { kind: 'and', left, right: this.parseNot(), pos };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isName('not')) {
      const pos = this.next().pos;
      return { kind: 'unary', op: 'not', operand: this.parseNot(), pos };
    }
    return this.parseCompare();
  }

  private parseCompare(): Expr {
    const pos = this.cur.pos;
    const first = this.parseMath1();
    const ops: [CompareOp, Expr][] = [];
    for (;;) {
      const t = this.cur;
      if (t.type === 'operator' && (t.value === '==' || t.value === '!=' || t.value === '<' || t.value === '<=' || t.value === '>' || t.value === '>=')) {
        this.next();
        ops.push([t.value, this.parseMath1()]);
      } else if (this.isName('in')) {
        this.next();
        ops.push(['in', this.parseMath1()]);
      } else if (this.isName('not') && this.peek().type === 'name' && this.peek().value === 'in') {
        this.next();
        this.next();
        ops.push(['notin', this.parseMath1()]);
      } else break;
    }
    if (ops.length === 0) return first;
    return { kind: 'compare', first, ops, pos };
  }

  private parseMath1(): Expr {
    let left = this.parseConcat();
    while (this.isOp('+') || this.isOp('-')) {
      const t = this.next();
      left = { kind: 'binary', op: t.value as BinaryOp, left, right: this.parseConcat(), pos: t.pos };
    }
    return left;
  }

  private parseConcat(): Expr {
    const pos = this.cur.pos;
    const items = [this.parseMath2()];
    while (this.skipOp('~')) items.push(this.parseMath2());
    if (items.length === 1) return items[0] as Expr;
    return { kind: 'concat', items, pos };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%')) {
      const t = this.next();
      left = { kind: 'binary', op: t.value as BinaryOp, left, right: this.parsePow(), pos: t.pos };
    }
    return left;
  }

  private parsePow(): Expr {
    let left = this.parseUnary(true);
    while (this.isOp('**')) {
      const t = this.next();
      left = { kind: 'binary', op: '**', left, right: this.parseUnary(true), pos: t.pos };
    }
    return left;
  }

  private parseUnary(withFilter: boolean): Expr {
    const t = this.cur;
    let node: Expr;
    if (t.type === 'operator' && (t.value === '-' || t.value === '+')) {
      this.next();
      node = { kind: 'unary', op: t.value, operand: this.parseUnary(false), pos: t.pos };
    } else {
      node = this.parsePrimary();
    }
    node = this.parsePostfix(node);
    if (withFilter) node = this.parseFilterExpr(node);
    return node;
  }

  private parsePrimary(): Expr {
    const t = this.cur;
    const pos = t.pos;
    if (t.type === 'name') {
      this.next();
      switch (t.value) {
        case 'true':
        case 'True':
          return { kind: 'const', value: true, pos };
        case 'false':
        case 'False':
          return { kind: 'const', value: false, pos };
        case 'none':
        case 'None':
          return { kind: 'const', value: null, pos };
        default:
          return { kind: 'name', name: t.value, pos };
      }
    }
    if (t.type === 'string') {
      this.next();
      let value = t.value;
      while (this.cur.type === 'string') value += this.next().value;
      return { kind: 'const', value, pos };
    }
    if (t.type === 'integer') {
      this.next();
      return { kind: 'const', value: parseIntLiteral(t.value), pos };
    }
    if (t.type === 'float') {
      this.next();
      return { kind: 'const', value: new PyFloat(Number(t.value)), pos };
    }
    if (this.isOp('(')) {
      this.next();
      const expr = this.parseTuple(true, true);
      this.expectOp(')');
      return expr;
    }
    if (this.isOp('[')) {
      this.next();
      const items: Expr[] = [];
      while (!this.isOp(']')) {
        if (items.length > 0) this.expectOp(',');
        if (this.isOp(']')) break;
        items.push(this.parseExpression());
      }
      this.expectOp(']');
      return { kind: 'list', items, pos };
    }
    if (this.isOp('{')) {
      this.next();
      const items: [Expr, Expr][] = [];
      while (!this.isOp('}')) {
        if (items.length > 0) this.expectOp(',');
        if (this.isOp('}')) break;
        const key = this.parseExpression();
        this.expectOp(':');
        items.push([key, this.parseExpression()]);
      }
      this.expectOp('}');
      return { kind: 'dict', items, pos };
    }
    this.fail(`unexpected '${describe(t)}'`);
  }

  private parsePostfix(node: Expr): Expr {
    for (;;) {
      if (this.isOp('.') || this.isOp('[')) node = this.parseSubscript(node);
      else if (this.isOp('(')) node = this.parseCall(node);
      else break;
    }
    return node;
  }

  private parseFilterExpr(node: Expr): Expr {
    for (;;) {
      if (this.isOp('|')) node = this.parseFilterChain(node) as Expr;
      else if (this.isName('is')) node = this.parseTest(node);
      else if (this.isOp('(')) node = this.parseCall(node);
      else break;
    }
    return node;
  }

  private parseSubscript(node: Expr): Expr {
    const t = this.next();
    if (t.value === '.') {
      const attr = this.cur;
      if (attr.type === 'name') {
        this.next();
        return { kind: 'getattr', obj: node, attr: attr.value, pos: attr.pos };
      }
      if (attr.type === 'integer') {
        this.next();
        return { kind: 'getitem', obj: node, key: { kind: 'const', value: parseIntLiteral(attr.value), pos: attr.pos }, pos: attr.pos };
      }
      this.fail('expected name or number');
    }
    const args: Expr[] = [];
    while (!this.isOp(']')) {
      if (args.length > 0) {
        this.expectOp(',');
        if (this.isOp(']')) break;
      }
      args.push(this.parseSubscribed());
    }
    this.expectOp(']');
    const key: Expr = args.length === 1 ? (args[0] as Expr) : { kind: 'tuple', items: args, pos: t.pos };
    return { kind: 'getitem', obj: node, key, pos: t.pos };
  }

  private parseSubscribed(): Expr {
    const pos = this.cur.pos;
    let start: Expr | null = null;
    if (!this.isOp(':')) {
      const e = this.parseExpression();
      if (!this.isOp(':')) return e;
      start = e;
    }
    this.next();
    let stop: Expr | null = null;
    let step: Expr | null = null;
    if (!this.isOp(']') && !this.isOp(',') && !this.isOp(':')) stop = this.parseExpression();
    if (this.skipOp(':')) {
      if (!this.isOp(']') && !this.isOp(',')) step = this.parseExpression();
    }
    return { kind: 'slice', start, stop, step, pos };
  }

  private parseCallArgs(): { args: Expr[]; kwargs: [string, Expr][]; star: Expr | null; dstar: Expr | null } {
    this.expectOp('(');
    const args: Expr[] = [];
    const kwargs: [string, Expr][] = [];
    let star: Expr | null = null;
    let dstar: Expr | null = null;
    let first = true;
    while (!this.isOp(')')) {
      if (!first) {
        this.expectOp(',');
        if (this.isOp(')')) break;
      }
      first = false;
      if (this.skipOp('*')) star = this.parseExpression();
      else if (this.skipOp('**')) dstar = this.parseExpression();
      else if (this.cur.type === 'name' && this.peek().type === 'operator' && this.peek().value === '=') {
        const key = this.next().value;
        this.next();
        kwargs.push([key, this.parseExpression()]);
      } else {
        if (kwargs.length > 0 || dstar !== null) this.fail('Invalid argument syntax');
        args.push(this.parseExpression());
      }
    }
    this.expectOp(')');
    return { args, kwargs, star, dstar };
  }

  private parseCall(node: Expr): Expr {
    const pos = this.cur.pos;
    const { args, kwargs, star, dstar } = this.parseCallArgs();
    return { kind: 'call', callee: node, args, kwargs, star, dstar, pos };
  }

  /** `| f(a) | g`; with a null start it builds a chain applied later (filter blocks, set blocks). */
  /** Jinja's parse_filter: `| name(args)` repeated; `{% filter %}` starts inline, without a pipe. */
  private parseFilterChain(node: Expr | null, startInline = false): Expr | null {
    let inline = startInline;
    while (this.isOp('|') || inline) {
      if (!inline) this.expectOp('|');
      inline = false;
      const t = this.expectName();
      let name = t.value;
      while (this.isOp('.')) {
        this.next();
        name += '.' + this.expectName().value;
      }
      let call = { args: [] as Expr[], kwargs: [] as [string, Expr][], star: null as Expr | null, dstar: null as Expr | null };
      if (this.isOp('(')) call = this.parseCallArgs();
      node = { kind: 'filter', name, value: node, args: call.args, kwargs: call.kwargs, star: call.star, dstar: call.dstar, pos: t.pos };
    }
    return node;
  }

  private parseTest(node: Expr): Expr {
    const pos = this.next().pos;
    const negate = this.skipName('not');
    let name = this.expectName().value;
    while (this.isOp('.')) {
      this.next();
      name += '.' + this.expectName().value;
    }
    let args: Expr[] = [];
    let kwargs: [string, Expr][] = [];
    let star: Expr | null = null;
    let dstar: Expr | null = null;
    const t = this.cur;
    if (this.isOp('(')) {
      const call = this.parseCallArgs();
      args = call.args;
      kwargs = call.kwargs;
      star = call.star;
      dstar = call.dstar;
    } else if (
      (t.type === 'name' || t.type === 'string' || t.type === 'integer' || t.type === 'float' || (t.type === 'operator' && (t.value === '(' || t.value === '[' || t.value === '{'))) &&
      !(t.type === 'name' && (t.value === 'else' || t.value === 'or' || t.value === 'and'))
    ) {
      if (t.type === 'name' && t.value === 'is') this.fail('You cannot chain multiple tests with is');
      let arg = this.parsePrimary();
      arg = this.parsePostfix(arg);
      args = [arg];
    }
    return { kind: 'test', name, value: node, args, kwargs, star, dstar, negate, pos };
  }
}

function parseIntLiteral(text: string): number | bigint {
  const lower = text.toLowerCase().replace(/_/g, '');
  if (lower.startsWith('0b')) return intFromDigits(lower.slice(2), 2);
  if (lower.startsWith('0o')) return intFromDigits(lower.slice(2), 8);
  if (lower.startsWith('0x')) return intFromDigits(lower.slice(2), 16);
  return intFromDigits(lower, 10);
}

export function parse(tokens: Token[]): Stmt[] {
  return new Parser(tokens).parseTemplate();
}
