/**
 * Template files as the template module renders them: extends/block/super, import and
 * from-import of macros, include, loops, whitespace options. Expected files were recorded from
 * ansible-core 2.19's template module (test/jinja/jinja2-fixtures/play.yml).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fromPlain } from '../core/json.js';
import type { DataDict } from '../core/data.js';
import type { RenderOptions, VarSource } from './api.js';
import { createTemplateEngine } from './index.js';

const dir = new URL('../../test/jinja/jinja2-fixtures/', import.meta.url).pathname;
const path = `${dir}templates/child.j2`;
const data = fromPlain({ who: 'world', users: [{ name: 'a' }, { name: 'b' }] }) as DataDict;
const vars: VarSource = { get: (k) => data.get(k), has: (k) => data.has(k), keys: () => [...data.keys()] as string[] };

function render(options: RenderOptions): unknown {
  return createTemplateEngine().render(readFileSync(path, 'utf8'), vars, { templatePath: path, ...options });
}

describe('template/files', () => {
  it('renders extends, blocks, super(), imports and includes as the template module does', () => {
    assert.equal(render({}), readFileSync(`${dir}expected/child.out`, 'utf8'));
  });
  it('honours lstrip_blocks', () => {
    assert.equal(render({ lstripBlocks: true }), readFileSync(`${dir}expected/child-lstrip.out`, 'utf8'));
  });
  it('honours trim_blocks=false', () => {
    assert.equal(render({ trimBlocks: false }), readFileSync(`${dir}expected/child-notrim.out`, 'utf8'));
  });
  it('honours newline_sequence for template data but not for values', () => {
    const file = `${dir}templates/newlines.j2`;
    const out = createTemplateEngine().render(readFileSync(file, 'utf8'), vars, { templatePath: file, newlineSequence: '\r\n', native: false });
    assert.equal(out, readFileSync(`${dir}expected/newlines.out`, 'utf8'));
  });

  it("includes from the playbook's directory only in a template written in a playbook", () => {
    const engine = createTemplateEngine();
    const out = engine.render("{% include 'part.j2' %}", vars, { lookup: { searchPaths: () => [], baseDir: `${dir}templates` } });
    assert.equal(out, 'part sees world and no local');
    assert.throws(() => engine.render("{% include 'part.j2' %}", vars, { lookup: { searchPaths: () => [`${dir}templates`], baseDir: dir } }), /'part.j2' not found in search path/);
  });
});
