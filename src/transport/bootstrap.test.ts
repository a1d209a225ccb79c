import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOTSTRAP, bootstrapPayload } from './bootstrap.js';

const PYTHON = '/usr/bin/python3';

/** Runs the bootstrap on `agent` (a tiny stand-in for agent.py) and returns what it printed. */
function boot(agent: string, cache: string | null, options: { loginUser?: boolean; home?: string } = {}): string {
  const payload = bootstrapPayload({ agent, runtime: '' }, new Map(), cache, options.loginUser ?? false);
  const env = options.home === undefined ? process.env : { ...process.env, HOME: options.home };
  const run = spawnSync(PYTHON, ['-S', '-c', BOOTSTRAP], { input: payload, encoding: 'utf8', env });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

/** The one entry a first start left in `cache`. */
function onlyEntry(cache: string): string {
  const entries = readdirSync(cache);
  assert.equal(entries.length, 1);
  return join(cache, entries[0] as string);
}

/** A cache file holding the compiled form of `source`, as another Python would have left it. */
function compiledBytes(source: string): Buffer {
  const run = spawnSync(PYTHON, ['-c', 'import marshal,sys; sys.stdout.buffer.write(marshal.dumps(compile(sys.argv[1], "<volant-agent>", "exec")))', source]);
  assert.equal(run.status, 0, String(run.stderr));
  return run.stdout;
}

describe('bootstrap: the host code cache', () => {
  const root = mkdtempSync(join(tmpdir(), 'volant-bootstrap-'));
  const agent = 'print("compiled from source", COMPILE is not None)';
  after(() => rmSync(root, { recursive: true, force: true }));

  it('compiles the agent and keeps its code in a private folder', () => {
    const cache = join(root, 'a', 'code');
    assert.equal(boot(agent, cache), 'compiled from source True\n');
    assert.equal(statSync(cache).mode & 0o777, 0o700);
    assert.equal(readdirSync(cache).length, 1);
  });

  it('runs what the cache holds on the next start', () => {
    const cache = join(root, 'b');
    boot(agent, cache);
    // NOTE: replace the entry with other code: the output proves which one ran.
    writeFileSync(onlyEntry(cache), compiledBytes('print("from the cache")'));
    assert.equal(boot(agent, cache), 'from the cache\n');
    assert.equal(readdirSync(cache).length, 1, 'no temporary file is left');
  });

  it('ignores a folder others may write, and writes nothing there', () => {
    const cache = join(root, 'c');
    boot(agent, cache);
    writeFileSync(onlyEntry(cache), compiledBytes('print("planted")'));
    chmodSync(cache, 0o777);
    assert.equal(boot(agent, cache), 'compiled from source True\n');
    assert.equal(readdirSync(cache).length, 1);
  });

  it('recompiles when the cached entry is damaged', () => {
    const cache = join(root, 'd');
    boot(agent, cache);
    writeFileSync(onlyEntry(cache), Buffer.from([0xe3, 0x00, 0x01]));
    assert.equal(boot(agent, cache), 'compiled from source True\n');
    assert.equal(boot(agent, cache), 'compiled from source True\n');
  });

  it("makes the login user's ~/.ansible and ~/.ansible/tmp private, as 2.19 does", () => {
    const home = join(root, 'home-login');
    boot(agent, '~/.ansible/volant/code', { loginUser: true, home });
    for (const dir of ['.ansible', '.ansible/tmp', '.ansible/volant']) assert.equal(statSync(join(home, dir)).mode & 0o777, 0o700, dir);
  });

  it("makes a become user no ~/.ansible, and compiles without the cache then", () => {
    const home = join(root, 'home-become');
    mkdirSync(home);
    assert.equal(boot(agent, '~/.ansible/volant/code', { home }), 'compiled from source True\n');
    assert.deepEqual(readdirSync(home), []);
  });

  it("keeps a become user's cache in the ~/.ansible it has, as that user's umask makes it", () => {
    const home = join(root, 'home-become-ansible');
    mkdirSync(join(home, '.ansible'), { recursive: true });
    boot(agent, '~/.ansible/volant/code', { home });
    assert.equal(statSync(join(home, '.ansible', 'volant')).mode & 0o777, 0o777 & ~process.umask());
    assert.equal(readdirSync(join(home, '.ansible', 'volant', 'code')).length, 1);
    assert.throws(() => statSync(join(home, '.ansible', 'tmp')));
  });

  it('writes nothing when the cache is off', () => {
    const cache = join(root, 'e');
    assert.equal(boot(agent, null), 'compiled from source True\n');
    assert.throws(() => statSync(cache));
  });
});
