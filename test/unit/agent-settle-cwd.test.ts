// The agent's modules start where a become user may not read (sudo from root's home): as 2.19's
// AnsibleModule, a module then moves into its own tmpdir under the user's remote_tmp, making that
// folder (0700) and warning the first time. A deleted working folder stands in for an unreadable
// one here, as root reads every folder.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const AGENT = join(import.meta.dirname, '../../src/agent');
const SCRIPT = `
import json, os, sys, tempfile
sys.path.insert(0, sys.argv[1])
import runtime
# (an unprivileged become user's module: 2.19 hands it no task temp folder)
runtime._task_tmp.own = True
seen = []
for _ in range(2):
    gone = tempfile.mkdtemp()
    os.chdir(gone)
    os.rmdir(gone)
    ctx = runtime.Context('command')
    ctx.settle_cwd()
    seen.append({'warnings': ctx.warnings, 'cwd': os.getcwd()})
    ctx.cleanup()
print(json.dumps(seen))
`;

// copy sent a controller file: 2.19's action stats dest first, and that stat's warning is dropped
const QUIET_SCRIPT = `
import json, os, sys, tempfile
sys.path.insert(0, sys.argv[1])
import runtime
runtime._task_tmp.own = True
sys.modules['volant_runtime'] = runtime
# (the helper modules copy imports, as the agent ships them beside it)
sys.path.insert(0, sys.argv[1] + '/modules')
import importlib.util
spec = importlib.util.spec_from_file_location('copy_module', sys.argv[1] + '/modules/copy.py')
copy = importlib.util.module_from_spec(spec)
spec.loader.exec_module(copy)
gone = tempfile.mkdtemp()
os.chdir(gone)
os.rmdir(gone)
ctx = runtime.Context('copy')
ctx.settle_cwd(warn=not copy.ACTION_STATS_DEST_FIRST({'remote_src': False}))
print(json.dumps({'warnings': ctx.warnings, 'made': os.path.isdir(os.path.expanduser('~/.ansible/tmp')),
                  'remote_src_stats': copy.ACTION_STATS_DEST_FIRST({'remote_src': True})}))
ctx.cleanup()
`;

describe('agent/runtime: a module that may not read its working folder', () => {
  it('moves into its tmpdir under remote_tmp, which it makes and warns about once', (t) => {
    const home = mkdtempSync(join(tmpdir(), 'volant-home-'));
    try {
      const r = spawnSync('python3', ['-c', SCRIPT, AGENT], { encoding: 'utf8', env: { ...process.env, HOME: home } });
      if (r.error !== undefined) return t.skip('python3 is not available');
      assert.equal(r.status, 0, r.stderr);
      const [first, second] = JSON.parse(r.stdout) as { warnings: string[]; cwd: string }[];
      const base = join(home, '.ansible/tmp');
      assert.deepEqual(first?.warnings, [
        `Module remote_tmp ${base} did not exist and was created with a mode of 0700, this may cause issues when running as another user. To avoid this, create the remote_tmp dir with the correct permissions manually`,
      ]);
      assert.match(first?.cwd ?? '', new RegExp(`^${base}/ansible-moduletmp-[0-9.]+-[a-z0-9_]{8}$`));
      assert.deepEqual(second?.warnings, []);
      assert.equal(statSync(base).mode & 0o777, 0o700);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('makes remote_tmp without a warning when the action ran a stat module first (copy of content)', (t) => {
    const home = mkdtempSync(join(tmpdir(), 'volant-home-'));
    try {
      const r = spawnSync('python3', ['-c', QUIET_SCRIPT, AGENT], { encoding: 'utf8', env: { ...process.env, HOME: home } });
      if (r.error !== undefined) return t.skip('python3 is not available');
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { warnings: [], made: true, remote_src_stats: false });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
