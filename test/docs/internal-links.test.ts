import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkInternalLinks } from './internal-links.js';

describe('docs/internal-links', () => {
  it('reports links to missing pages and to missing ids, and leaves other sites alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'volant-links-'));
    try {
      mkdirSync(join(root, 'a'));
      writeFileSync(join(root, 'a/index.html'), '<h2 id="y">Y</h2><a href="../">up</a><a href="#y">self</a>');
      writeFileSync(join(root, 'style.css'), '');
      writeFileSync(
        join(root, 'index.html'),
        [
          '<link href="/style.css">',
          '<a href="/a/">ok</a>',
          '<a href="a/#y">ok with id</a>',
          '<a href="/b/">missing page</a>',
          '<a href="/a/#x">missing id</a>',
          '<a href="https://example.invalid/x">other site</a>',
          '<a href="mailto:x@example.invalid">mail</a>',
        ].join('\n'),
      );
      const report = checkInternalLinks(root);
      assert.equal(report.pages, 2);
      assert.equal(report.links, 7);
      assert.deepEqual(report.broken, ['index.html: /b/ (no such page or file)', 'index.html: /a/#x (no id "x" on the page)']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
