import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import { createTemplateEngine } from '../../../src/template/engine.js';

/** A directory inventory of the given files (name → text), loaded with the template engine. */
function load(files: Record<string, string>, templar = true) {
  const dir = mkdtempSync(join(tmpdir(), 'volant-constructed-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return loadInventory({ sources: [dir], cwd: dir, ...(templar ? { templar: createTemplateEngine() } : {}) });
}

const HOSTS = '01-hosts';

describe('inventory/constructed', () => {
  it('composes variables and adds hosts to conditional and keyed groups, names made safe', () => {
    const inventory = load({
      [HOSTS]: "h1 os=linux ver=3\nh2 os='free bsd' ver=5\n",
      '02-c.yml': 'plugin: constructed\ncompose:\n  double: ver * 2\ngroups:\n  newer: ver > 4\nkeyed_groups:\n  - key: os\n    prefix: os\n',
    });
    assert.equal(inventory.getHost('h1')?.vars.get('double'), 6);
    assert.deepEqual(inventory.listHosts('newer'), ['h2']);
    assert.deepEqual(inventory.listHosts('os_free_bsd'), ['h2']);
    assert.deepEqual(inventory.getHost('h1')?.groupNames(), ['os_linux']);
  });

  it('skips an expression that fails unless strict, which fails the source with the cause', () => {
    const lenient = load({ [HOSTS]: 'h1\n', '02-c.yml': 'plugin: constructed\ncompose:\n  x: nosuch + 1\n' });
    assert.equal(lenient.getHost('h1')?.vars.has('x'), false);
    assert.equal(lenient.warnings.length, 0);
    const strict = load({ [HOSTS]: 'h1\n', '02-c.yml': 'plugin: constructed\nstrict: true\ncompose:\n  x: nosuch + 1\n' });
    assert.ok(strict.warnings.some((w) => w.includes("Could not set x for host h1: 'nosuch' is undefined")));
  });

  it('generates hosts from every combination of the layers, with templated parents', () => {
    const inventory = load({ 'gen.yml': 'plugin: generator\nlayers:\n  app: [a, b]\n  env: [dev]\nhosts:\n  name: "{{ app }}-{{ env }}"\n  parents:\n    - name: "{{ env }}"\n' });
    assert.deepEqual(inventory.listHosts('dev'), ['a-dev', 'b-dev']);
  });

  it('treats a plugin config as unknown without a template engine', () => {
    const inventory = load({ [HOSTS]: 'h1\n', '02-c.yml': 'plugin: constructed\ngroups:\n  g: true\n' }, false);
    assert.equal(inventory.groups.has('g'), false);
    assert.ok(inventory.warnings.some((w) => w.includes("specifies unknown plugin 'constructed'")));
  });
});
