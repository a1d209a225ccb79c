import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadYamlFull } from './load-yaml.js';
import { loadSimpleBlockYaml } from './simple-block-yaml.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'dist') continue;
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) yamlFiles(path, out);
    else if (/\.(ya?ml)$/.test(name) || name === 'inventory') out.push(path);
  }
  return out;
}

/** The full path's reading, or undefined when it fails or warns (the fast path must then decline). */
function fullReading(text: string): unknown {
  try {
    const loaded = loadYamlFull(text, 'f.yml');
    if (loaded.diagnostics.length > 0 || loaded.documents.length !== 1) return undefined;
    return loaded.documents[0];
  } catch {
    return undefined;
  }
}

function agrees(text: string): 'fast' | 'declined' {
  const fast = loadSimpleBlockYaml(text, 'f.yml');
  if (fast === undefined) return 'declined';
  assert.deepStrictEqual(fast, fullReading(text), `fast path differs on:\n${text}`);
  return 'fast';
}

const SNIPPETS = [
  'a: 1\nb: two\nc: 3.5\nd: yes\ne: ~\nf: 2024-01-02\ng: 0755\nh: 0x1f\n',
  'a:\nb: 1\n',
  'a:   # c\nb:\n',
  'k:\n- 1\n- 2\nj: x\n',
  '- a: 1\n  b:\n  - x\n  - y\n- c\n',
  '- - a\n  - b\n- - c\n',
  '---\n- hosts: all\n  tasks:\n    - debug: msg=hi\n      when: x is defined   # why\n',
  "a: 'it''s'\nb: \"q \\\"x\\\" \\\\ \\n\\t\"\nc: 'x' # c\n",
  'a: b#c\nd: e:f\ng: -1\nh: -x\ni: a {{ b }} [c]\n',
  'a:\n  b\n',
  '  a: 1\n  b: 2\n',
  '1: a\ntrue: b\nnull: c\n1.5: d\n',
  '- x\n-\n',
  'a: 1\na: 2\n',
  'a: b: c\n',
  'a: b\n  c\n',
  '- a\n  b\n',
  "a: 'x\n  y'\n",
  'a: [1, 2]\n',
  'a: &x 1\nb: *x\n',
  'a: |\n  x\n',
  '<<: {a: 1}\n',
  'a: 1\n- b\n',
  '- a: 1\n  - b\n',
  'a:\n  b: 1\n c: 2\n',
  'a: "x" y\n',
  '"a": 1\n',
  'a:\tb\n',
  '# only a comment\n',
  '',
  'a: 1\n---\nb: 2\n',
  'a: 1\n...\n',
  'a: "\\x41"\n',
  'a: =\n',
  'a: <<\n',
  "- 'a': b\n",
  'a: "x":\n',
  'key with spaces: v\nk2 : v\n',
  'a: 1 #c\n#x\n\n  # indented comment\nb: 2\n',
  '- name: x\n  shell: echo "{{ a }}" | wc -c\n  args:\n    chdir: /tmp\n',
  'a: []\nb: {}\nc: [ ]\nd: { }\n',
  "a: [x, 'y', \"z\", 1, yes, ~, [b, c], {d: e, f: [1]}]  # c\n",
  '- [a b, c  ]\n- {k: v}\n',
  'a: [a:b]\n',
  'a: [a: b]\n',
  'a: {a: 1, a: 2}\n',
  'a: {a:1}\n',
  'a: {b}\n',
  "a: {'b': 1}\n",
  'a: [1, 2,]\n',
  'a: [,]\n',
  'a: [x]y\n',
  'a: [x]#y\n',
  'a: [a, b\n  , c]\n',
  'a: [-1, -x, - y]\n',
  'a: [a #b]\n',
  'a: ["a\\"b"]\n',
  'a: |\n  x\n   y\n\n  # not a comment\nb: >\n  one\n  two\n\n  three\n\n\nc: |-\n    z\nd: >- # c\n  w\n',
  '- shell: |\n    echo a\n    echo b\n  args:\n    chdir: /\n- |\n  item\n',
  'a: |\n  x\n  \n   \nb: 1\n',
  'a: |\n\n  x\n',
  'a: |2\n  x\n',
  'a: |+\n  x\n\n',
  'a: >\n  x\n    more\n  y\n',
  'a: |\n  x',
  'a: |\nb: 1\n',
  'a: |\n  x\n y\n',
  '- a: |\n   x\n  b: 2\n',
];

describe('yaml/simple-block-yaml', () => {
  it('reads each snippet as the full path does, or declines it', () => {
    let fast = 0;
    for (const text of SNIPPETS) if (agrees(text) === 'fast') fast++;
    assert.ok(fast >= 10, `only ${fast} snippets took the fast path`);
  });

  it('reads every YAML file of the repository as the full path does, or declines it', () => {
    const files = [...yamlFiles(join(ROOT, 'src')), ...yamlFiles(join(ROOT, 'test')), ...yamlFiles(join(ROOT, 'examples')), ...yamlFiles(join(ROOT, 'bench'))];
    let fast = 0;
    for (const file of files) if (agrees(readFileSync(file, 'utf8')) === 'fast') fast++;
    assert.ok(fast > files.length / 2, `only ${fast} of ${files.length} files took the fast path`);
  });

  it('declines a line past libyaml\'s 1024-character simple key limit, wherever it is', () => {
    const line = (n: number): string => `k: ${'v'.repeat(n - 3)}`;
    assert.equal(agrees(`${line(1024)}\n`), 'fast');
    assert.equal(agrees(`${line(1025)}\n`), 'declined');
    assert.equal(agrees(`a: 1\n${line(1025)}`), 'declined');
    assert.equal(agrees(`a: 1\n${line(1024)}\nb: 2\n`), 'fast');
  });

  it('declines text with a tab, a tag, an anchor or a flow collection over several lines', () => {
    for (const text of ['a:\tb\n', 'a: !unsafe x\n', 'a: &x 1\n', 'a: {b: 1,\n  c: 2}\n', 'a: [1, 2,]\n']) {
      assert.equal(loadSimpleBlockYaml(text, 'f.yml'), undefined, text);
    }
  });
});
