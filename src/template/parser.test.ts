import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Expr, Stmt } from './ast.js';
import { tokenize } from './lexer.js';
import { parse } from './parser.js';

function expr(text: string): Expr {
  const body = parse(tokenize(`{{ ${text} }}`, { keepTrailingNewline: true }));
  const first = body[0] as Stmt;
  assert.equal(first.kind, 'print');
  return (first as Extract<Stmt, { kind: 'print' }>).expr;
}

/** A compact Lisp-like rendering of an expression tree, to assert precedence. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'const':
      return JSON.stringify(e.value);
    case 'name':
      return e.name;
    case 'binary':
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case 'unary':
      return `(${e.op} ${show(e.operand)})`;
    case 'and':
    case 'or':
      return `(${e.kind} ${show(e.left)} ${show(e.right)})`;
    case 'concat':
      return `(~ ${e.items.map(show).join(' ')})`;
    case 'compare':
      return `(cmp ${show(e.first)} ${e.ops.map(([op, x]) => `${op} ${show(x)}`).join(' ')})`;
    case 'filter':
      return `(|${e.name} ${e.value ? show(e.value) : '_'}${e.args.map((a) => ' ' + show(a)).join('')})`;
    case 'test':
      return `(is${e.negate ? 'not' : ''} ${e.name} ${show(e.value)}${e.args.map((a) => ' ' + show(a)).join('')})`;
    case 'getattr':
      return `(. ${show(e.obj)} ${e.attr})`;
    case 'getitem':
      return `([] ${show(e.obj)} ${show(e.key)})`;
    case 'call':
      return `(call ${show(e.callee)}${e.args.map((a) => ' ' + show(a)).join('')}${e.kwargs.map(([k, v]) => ` ${k}=${show(v)}`).join('')})`;
    case 'cond':
      return `(if ${show(e.test)} ${show(e.then)} ${e.else ? show(e.else) : '_'})`;
    case 'tuple':
      return `(tuple${e.items.map((a) => ' ' + show(a)).join('')})`;
    case 'list':
      return `[${e.items.map(show).join(' ')}]`;
    case 'dict':
      return `{${e.items.map(([k, v]) => `${show(k)}:${show(v)}`).join(' ')}}`;
    case 'slice':
      return `(slice ${e.start ? show(e.start) : '_'} ${e.stop ? show(e.stop) : '_'} ${e.step ? show(e.step) : '_'})`;
  }
}

describe('template/parser', () => {
  it("follows Jinja's operator precedence", () => {
    assert.equal(show(expr('1 + 2 * 3')), '(+ 1 (* 2 3))');
    assert.equal(show(expr('2 ** 3 ** 2')), '(** (** 2 3) 2)');
    assert.equal(show(expr('-2 ** 2')), '(** (- 2) 2)');
    assert.equal(show(expr('1 + 2 ~ 3')), '(+ 1 (~ 2 3))');
    assert.equal(show(expr('not a and b or c')), '(or (and (not a) b) c)');
    assert.equal(show(expr('a < b < c')), '(cmp a < b < c)');
    assert.equal(show(expr('a not in b')), '(cmp a notin b)');
    assert.equal(show(expr('-x | abs')), '(|abs (- x))');
    assert.equal(show(expr('a if b else c if d')), '(if b a (if d c _))');
  });

  it('parses filters, tests, calls and subscripts', () => {
    assert.equal(show(expr("x | default('d') | upper")), '(|upper (|default x "d"))');
    assert.equal(show(expr('x is divisibleby 3')), '(is divisibleby x 3)');
    assert.equal(show(expr('x is not none')), '(isnot none x)');
    assert.equal(show(expr('f(1, k=2)')), '(call f 1 k=2)');
    assert.equal(show(expr('a.b[0].1')), '([] ([] (. a b) 0) 1)');
    assert.equal(show(expr('s[1:-1]')), '([] s (slice 1 (- 1) _))');
    assert.equal(show(expr("s[::2]")), '([] s (slice _ _ 2))');
    assert.equal(show(expr('d.items()')), '(call (. d items))');
  });

  it('parses literals and bare tuples', () => {
    assert.equal(show(expr("[1, 'a', none]")), '[1 "a" null]');
    assert.equal(show(expr("{'a': 1}")), '{"a":1}');
    assert.equal(show(expr('1, 2')), '(tuple 1 2)');
    assert.equal(show(expr('()')), '(tuple)');
    assert.equal(show(expr('(1,)')), '(tuple 1)');
    assert.equal(show(expr("'a' 'b'")), '"ab"');
  });

  it('parses statements with their bodies', () => {
    const body = parse(tokenize('{% for k, v in d if v %}{{ k }}{% else %}-{% endfor %}', { keepTrailingNewline: true }));
    const loop = body[0] as Extract<Stmt, { kind: 'for' }>;
    assert.equal(loop.kind, 'for');
    assert.deepEqual(loop.target, { kind: 'tuple', items: [{ kind: 'name', name: 'k' }, { kind: 'name', name: 'v' }] });
    assert.equal(loop.body.length, 1);
    assert.equal(loop.orelse.length, 1);
    assert.ok(loop.filter);
    const macro = parse(tokenize("{% macro m(a, b=2) %}{{ a }}{% endmacro %}", { keepTrailingNewline: true }))[0] as Extract<Stmt, { kind: 'macro' }>;
    assert.deepEqual(macro.def.params, ['a', 'b']);
    assert.equal(macro.def.defaults[0], null);
  });

  it("reports errors in Jinja's words", () => {
    const fails = (text: string): string => {
      try {
        parse(tokenize(text, { keepTrailingNewline: true }));
      } catch (err) {
        return (err as Error).message;
      }
      return 'no error';
    };
    assert.equal(fails('{{ 1 + }}'), "unexpected 'end of print statement'");
    assert.equal(fails('{% foo %}'), "Encountered unknown tag 'foo'.");
    assert.equal(
      fails('{% if x %}'),
      "Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'.",
    );
    assert.equal(fails('{% for %}{% endfor %}'), "Expected an expression, got 'end of statement block'");
  });
});
