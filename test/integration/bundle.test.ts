import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../scripts/bundle-options.mjs';

/** Bundles a fixture as the CLI is bundled, into a fresh directory; runs `check` there, then removes it. */
async function withBundle(fixture: string, check: (outfile: string, dir: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'volant-bundle-'));
  try {
    const outfile = join(dir, 'out.cjs');
    const result = await build({
      ...BUNDLE_OPTIONS,
      entryPoints: [new URL(`./fixtures/${fixture}`, import.meta.url).pathname],
      outfile,
      logLevel: 'silent',
    });
    assert.deepEqual(result.warnings, []);
    check(outfile, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('transport/bundle', () => {
  it('carries the agent and every module as text, with no file read at run time', async () => {
    await withBundle('bundle-entry.ts', (outfile, dir) => {
      assert.match(readFileSync(outfile, 'utf8'), /ARGUMENT_SPEC/);
      // run from elsewhere: nothing may be looked up beside the sources
      const run = spawnSync(process.execPath, [outfile], { cwd: dir, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), '["pong", "The module nosuch was not found in configured module paths"]');
    });
  });

  it('carries the Python plugin helper and its ansible shims, and the run ends with it alive', async () => {
    await withBundle('python-plugins-bundle-entry.ts', (outfile, dir) => {
      mkdirSync(join(dir, 'filter_plugins'));
      const plugin = 'from ansible.errors import AnsibleFilterError\nfrom ansible.module_utils.six import string_types\n\nclass FilterModule:\n    def filters(self):\n        return {"shout": lambda v: v.upper() if isinstance(v, string_types) else 0}\n';
      writeFileSync(join(dir, 'filter_plugins', 'shout.py'), plugin);
      const run = spawnSync(process.execPath, [outfile, dir], { cwd: dir, encoding: 'utf8', timeout: 20000 });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), '["HI"]');
    });
  });
});
