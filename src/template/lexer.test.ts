import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DELIMITERS, tokenize, type Token } from './lexer.js';
import { TemplateSyntaxError } from './template-syntax-error.js';

const kinds = (tokens: Token[]): string[] => tokens.map((t) => (t.type === 'operator' || t.type === 'name' || t.type === 'data' ? `${t.type}:${t.value}` : t.type));

describe('template/lexer', () => {
  it('reads custom delimiters, leaving the default ones as data', () => {
    const delimiters = { ...DEFAULT_DELIMITERS, variableStart: '<<', variableEnd: '>>', blockStart: '[%', blockEnd: '%]', commentStart: '<#', commentEnd: '#>' };
    const tokens = tokenize('{{ a }}<< b >>[%- raw %]<< c >>[% endraw %]<# note #>[% if x %]y[% endif %]', { keepTrailingNewline: true, delimiters });
    assert.deepEqual(kinds(tokens), [
      'data:{{ a }}',
      'variable_begin',
      'name:b',
      'variable_end',
      'data:<< c >>',
      'block_begin',
      'name:if',
      'name:x',
      'block_end',
      'data:y',
      'block_begin',
      'name:endif',
      'block_end',
      'eof',
    ]);
  });

  it('splits data, print statements and blocks, keeping offsets', () => {
    const tokens = tokenize('a {{ x.y }} {% if z %}b{% endif %}', { keepTrailingNewline: true });
    assert.deepEqual(kinds(tokens), [
      'data:a ',
      'variable_begin',
      'name:x',
      'operator:.',
      'name:y',
      'variable_end',
      'data: ',
      'block_begin',
      'name:if',
      'name:z',
      'block_end',
      'data:b',
      'block_begin',
      'name:endif',
      'block_end',
      'eof',
    ]);
    assert.equal(tokens[2]?.pos, 5);
  });

  it('reads numbers and strings as Python does', () => {
    const tokens = tokenize(`{{ 1_000 0x1F 1.5e3 'it\\'s' "a\\tb" }}`, { keepTrailingNewline: true });
    assert.deepEqual(
      tokens.slice(1, -2).map((t) => [t.type, t.value]),
      [
        ['integer', '1000'],
        ['integer', '0x1F'],
        ['float', '1.5e3'],
        ['string', "it's"],
        ['string', 'a\tb'],
      ],
    );
  });

  it("keeps backslashes of {{ }} strings verbatim in Ansible's raw mode", () => {
    const tokens = tokenize(`{{ 'a\\nb' }}{% set x = 'a\\nb' %}`, { keepTrailingNewline: true, rawExpressionStrings: true });
    const strings = tokens.filter((t) => t.type === 'string').map((t) => t.value);
    assert.deepEqual(strings, ['a\\nb', 'a\nb']);
  });

  it('prefers the longest operator', () => {
    const tokens = tokenize('{{ a // b ** c != d }}', { keepTrailingNewline: true });
    assert.deepEqual(tokens.filter((t) => t.type === 'operator').map((t) => t.value), ['//', '**', '!=']);
  });

  it('applies - and + whitespace control, trim_blocks and lstrip_blocks', () => {
    const data = (text: string, opts = {}): string[] => tokenize(text, { keepTrailingNewline: true, ...opts }).filter((t) => t.type === 'data').map((t) => t.value);
    assert.deepEqual(data('a  {{- 1 -}}  b'), ['a', 'b']);
    assert.deepEqual(data('{% if x %}\nA\n{% endif %}\n', { trimBlocks: true }), ['A\n']);
    assert.deepEqual(data('  {% if x %}\nA\n  {% endif %}\n', { trimBlocks: true, lstripBlocks: true }), ['A\n']);
    assert.deepEqual(data('  {%+ if x %}A{% endif %}', { lstripBlocks: true }), ['  ', 'A']);
  });

  it('drops one trailing newline unless told to keep it', () => {
    const last = (opts: object): string | undefined => tokenize('x\n\n', opts).find((t) => t.type === 'data')?.value;
    assert.equal(last({}), 'x\n');
    assert.equal(last({ keepTrailingNewline: true }), 'x\n\n');
  });

  it('passes raw blocks through as data and skips comments', () => {
    const tokens = tokenize('{% raw %}{{ x }}{% endraw %}{# c #}y', { keepTrailingNewline: true });
    assert.deepEqual(kinds(tokens), ['data:{{ x }}', 'data:y', 'eof']);
  });

  it("turns a string literal's own line breaks into the newline sequence, but not its escapes", () => {
    const strings = (source: string, newlineSequence?: string): string[] =>
      tokenize(source, newlineSequence === undefined ? {} : { newlineSequence }).filter((t) => t.type === 'string').map((t) => t.value);
    assert.deepEqual(strings("{{ 'a\r\nb' ~ 'c\rd' ~ 'e\\rf' }}"), ['a\nb', 'c\nd', 'e\rf']);
    assert.deepEqual(strings("{{ 'a\nb' }}", '\r\n'), ['a\r\nb']);
    assert.deepEqual(strings("{{ 'a\\\r\nb' }}"), ['ab']);
  });

  it('fails on unbalanced brackets and unterminated tags', () => {
    assert.throws(() => tokenize('{{ (1 }}'), TemplateSyntaxError);
    assert.throws(() => tokenize('{{ 1 '), /unexpected end of template, expected 'end of print statement'/);
    // where the expression wants an operand or a name, Jinja's parser names that instead
    assert.throws(() => tokenize('a {{'), /unexpected 'end of template'/);
    assert.throws(() => tokenize('{{ x |'), /unexpected end of template, expected 'name'\./);
    assert.throws(() => tokenize('{{ x.'), /expected name or number/);
    assert.throws(() => tokenize('{{ 1 ) }}'), /unexpected '\)'/);
  });
});
