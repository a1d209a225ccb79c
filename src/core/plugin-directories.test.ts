import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginDirectories } from './plugin-directories.js';

describe('core/plugin-directories', () => {
  const root = mkdtempSync(join(tmpdir(), 'volant-plugin-dirs-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const file = (path: string, text = ''): void => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  file('play/lookup_plugins/mine.py');
  file('play/filter_plugins/__init__.py');
  file('role/lookup_plugins/mine.py');
  file('role/lookup_plugins/role_only.py');
  file('configured/sub/deeper/x.py');
  file('configured/sub/y.py');

  it('searches playbook and role directories as they load, then the configured ones after their subdirectories', () => {
    const dirs = new PluginDirectories();
    dirs.configure('lookup', [join(root, 'configured'), join(root, 'nosuch')]);
    dirs.addBaseDirectory(join(root, 'play'));
    dirs.addBaseDirectory(join(root, 'role'));
    assert.deepEqual(dirs.directories('lookup'), [
      join(root, 'play/lookup_plugins'),
      join(root, 'role/lookup_plugins'),
      join(root, 'configured/sub'),
      join(root, 'configured/sub/deeper'),
      join(root, 'configured'),
    ]);
    assert.equal(dirs.findLookup('mine'), join(root, 'play/lookup_plugins/mine.py'));
    assert.equal(dirs.findLookup('ansible.legacy.role_only'), join(root, 'role/lookup_plugins/role_only.py'));
    assert.equal(dirs.findLookup('ansible.builtin.mine'), undefined);
    assert.equal(dirs.findLookup('x'), join(root, 'configured/sub/deeper/x.py'));
  });

  it('counts only plugin files: an __init__.py alone is none', () => {
    const dirs = new PluginDirectories();
    dirs.addBaseDirectory(join(root, 'play'));
    assert.equal(dirs.hasPluginFiles('filter'), false);
    assert.equal(dirs.hasPluginFiles('lookup'), true);
    assert.equal(dirs.hasPluginFiles('test'), false);
  });

  it('sees a directory added later (a role loaded at run time)', () => {
    const dirs = new PluginDirectories();
    dirs.addBaseDirectory(join(root, 'play'));
    assert.equal(dirs.findLookup('role_only'), undefined);
    const before = dirs.version;
    dirs.addBaseDirectory(join(root, 'role'));
    assert.ok(dirs.version > before);
    assert.equal(dirs.findLookup('role_only'), join(root, 'role/lookup_plugins/role_only.py'));
  });
});
