import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { helperImports, libraryModuleWrapper, loadDependencySources, loadModuleSource } from './agent-sources.js';
import { moduleUtilsImports } from './library-module-utils.js';

describe('transport/agent-sources', () => {
  it('reads the helper modules a source imports', () => {
    const source = ['import os', 'from _http_client import fetch_url', '    import _apt_common  # lazily', 'x = "import _not"', 'import os.path, _a as a, _b'].join('\n');
    assert.deepEqual(helperImports(source), ['_http_client', '_apt_common', '_a', '_b']);
  });

  it('gives a module the helpers it imports and the modules it runs, with theirs', async () => {
    assert.deepEqual([...(await loadDependencySources('uri')).keys()], ['_http_client']);
    assert.deepEqual([...(await loadDependencySources('get_url')).keys()], ['_http_client']);
    assert.deepEqual([...(await loadDependencySources('package')).keys()], ['apt', '_apt_common', '_http_client', 'dnf', '_yumdnf', 'dnf5']);
    assert.deepEqual([...(await loadDependencySources('ping')).keys()], []);
  });

  it('never takes a helper module for a task module', async () => {
    assert.equal(await loadModuleSource('_http_client'), undefined);
    assert.match((await loadModuleSource('uri')) ?? '', /from _http_client import fetch_url/);
  });
});

describe('transport/agent-sources: library modules', () => {
  it('carries an AnsibleModule module with the shim it imports', () => {
    const wrapper = libraryModuleWrapper('/p/library/m.py', 'from ansible.module_utils.basic import AnsibleModule\nprint("é")\n');
    assert.deepEqual(helperImports(wrapper), ['_ansible_basic']);
    assert.match(wrapper, /^SOURCE = "from ansible.module_utils.basic import AnsibleModule\\nprint\(\\"é\\"\)\\n"$/m);
  });

  it('answers for an old-style module with the reason it does not run', () => {
    const wrapper = libraryModuleWrapper('/p/library/w.sh', '#!/bin/sh\necho {}\n');
    assert.deepEqual(helperImports(wrapper), []);
    assert.match(wrapper, /old-style and binary modules are not supported/);
  });

  it('runs a WANT_JSON module through the shim', () => {
    const wrapper = libraryModuleWrapper('/p/library/w.sh', '#!/bin/sh\n# WANT_JSON\necho {}\n');
    assert.deepEqual(helperImports(wrapper), ['_ansible_basic']);
    assert.match(wrapper, /_ansible_basic\.run_want_json_module\(/);
  });
});

describe('transport/library-module-utils', () => {
  it('reads the module_utils a source imports, absolute and relative', () => {
    const source = [
      'from ansible.module_utils.basic import AnsibleModule',
      'from ansible.module_utils.mine.sub import (a, b as c)',
      'from ansible.module_utils import pkg, other',
      'import ansible.module_utils.plain',
      'from . import sibling',
      'from ..up import thing',
    ].join('\n');
    assert.deepEqual(moduleUtilsImports(source, 'mine.deep'), [
      { module: 'basic', names: ['AnsibleModule'] },
      { module: 'mine.sub', names: ['a', 'b'] },
      { module: 'pkg', names: [] },
      { module: 'other', names: [] },
      { module: 'mine.deep', names: ['sibling'] },
      { module: 'mine.up', names: ['thing'] },
      { module: 'plain', names: [] },
    ]);
  });
});
