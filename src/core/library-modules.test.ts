import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LibraryModules } from './library-modules.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'volant-library-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('core/library-modules', () => {
  it('finds a module by its name with or without extension, and its ansible.legacy name', () => {
    const root = tree({ 'library/hello.py': '', 'library/plain': '', 'library/notes.txt': '', 'library/conf.yml': '', 'library/__init__.py': '' });
    const modules = new LibraryModules();
    modules.addDirectory(join(root, 'library'));
    assert.equal(modules.find('hello'), join(root, 'library/hello.py'));
    assert.equal(modules.find('hello.py'), join(root, 'library/hello.py'));
    assert.equal(modules.find('ansible.legacy.plain'), join(root, 'library/plain'));
    assert.equal(modules.find('ansible.builtin.hello'), undefined);
    for (const ignored of ['notes', 'conf', '__init__']) assert.equal(modules.find(ignored), undefined);
  });

  it('searches added directories in order before the configured path and its subdirectories', () => {
    const root = tree({ 'a/m.py': '', 'b/m.py': '', 'b/n.py': '', 'conf/o.py': '', 'conf/sub/p.py': '', 'conf/sub/deeper/q.py': '', 'm2/sub/r.py': '' });
    const modules = new LibraryModules();
    modules.addDirectory(join(root, 'a'));
    modules.addDirectory(join(root, 'b'));
    modules.addDirectory(join(root, 'missing'));
    modules.configure([join(root, 'conf')]);
    assert.equal(modules.find('m'), join(root, 'a/m.py'));
    assert.equal(modules.find('n'), join(root, 'b/n.py'));
    assert.equal(modules.find('o'), join(root, 'conf/o.py'));
    assert.equal(modules.find('p'), join(root, 'conf/sub/p.py'));
    assert.equal(modules.find('q'), join(root, 'conf/sub/deeper/q.py'));
    modules.addDirectory(join(root, 'm2'));
    assert.equal(modules.find('r'), undefined, 'an added directory is searched without its subdirectories');
  });
});
