import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compilePyRegex, pyFinditer, pyMatch, pySearch, pySubn } from './ansible-python-regex.js';

// Expected values come from Python 3.13's re module inside the ansible-core oracle, e.g.
// oracle-exec python3 -c 'import re; print(re.findall(r"(?P<k>\w+)=(?P<v>[^,]*)", "a=1,b=,c=3"))'
const groups = (pattern: string, text: string): (string | undefined)[][] =>
  pyFinditer(compilePyRegex(pattern), text).map((m) => [m.group(1), m.group(2)]);

describe('template/filters/ansible-python-regex', () => {
  it("refuses unfinished inline flags with Python's words and positions", () => {
    const cases: [string, string][] = [
      ['(?i', 'missing -, : or ) at position 3'],
      ['(?iz)', 'unknown flag at position 3'],
      ['(?i-', 'missing flag at position 4'],
      ['(?i-x)', 'missing : at position 5'],
      ['(?i-xz)', 'unknown flag at position 5'],
    ];
    for (const [pattern, message] of cases) assert.throws(() => compilePyRegex(pattern), { message });
  });

  it('refuses a look-behind that is not fixed-width, as Python does (JS would run it)', () => {
    for (const pattern of ['(?<=a+)b', '(?<=ab|c)x', '(?<=a{1,2})b', '(?<!a?)b']) {
      assert.throws(() => compilePyRegex(pattern), { message: 'look-behind requires fixed-width pattern' });
    }
    for (const pattern of ['(?<=ab|cd)x', '(?<=a{2})b', '(?<=\\d\\s[xy])b', '(?<=(?:ab){2})c', '(?<=\\bfoo)x', '(?<=[)])x']) compilePyRegex(pattern);
  });

  it('translates named groups and keeps their numbers', () => {
    const re = compilePyRegex('(?P<k>\\w+)=(?P<v>[^,]*)');
    assert.deepEqual([...re.names], [['k', 1], ['v', 2]]);
    assert.deepEqual(groups('(?P<k>\\w+)=(?P<v>[^,]*)', 'a=1,b=,c=3'), [['a', '1'], ['b', ''], ['c', '3']]);
  });

  it('gives `$` and `\\Z` their Python meaning around a final newline', () => {
    assert.equal(pySearch(compilePyRegex('^a$'), 'a\n')?.group(0), 'a');
    assert.equal(pySearch(compilePyRegex('\\Aa\\Z'), 'a\n'), undefined);
    assert.deepEqual(pyFinditer(compilePyRegex('$'), 'a\n').map((m) => m.index), [1, 2]);
    assert.equal(pyFinditer(compilePyRegex('$', { multiline: true }), 'a\nb\n').length, 3);
  });

  it('uses Unicode word boundaries', () => {
    assert.deepEqual(pyFinditer(compilePyRegex('\\b\\w'), 'héllo wörld').map((m) => m.group(0)), ['h', 'w']);
  });

  it('substitutes with Python replacement templates, unmatched groups empty', () => {
    assert.deepEqual(pySubn(compilePyRegex('a|(b)'), '[\\1]', 'abc'), ['[][b]c', 2]);
    assert.deepEqual(pySubn(compilePyRegex('(?m)^\\s*#.*\\n?'), '', 'x\n  # c\ny\n#z'), ['x\ny\n', 2]);
  });

  it('anchors re.match at the start only', () => {
    assert.equal(pyMatch(compilePyRegex('b'), 'abc'), undefined);
    assert.equal(pyMatch(compilePyRegex('a'), 'abc')?.group(0), 'a');
  });

  it('reports bad patterns in Python words', () => {
    assert.throws(() => compilePyRegex('(ab'), /missing \), unterminated subpattern at position 0/);
    assert.throws(() => compilePyRegex('ab)'), /unbalanced parenthesis at position 2/);
    assert.throws(() => compilePyRegex('*a'), /nothing to repeat at position 0/);
    assert.throws(() => compilePyRegex('[a'), /unterminated character set at position 0/);
    assert.throws(() => compilePyRegex('\\q'), /bad escape \\q at position 0/);
  });
});
