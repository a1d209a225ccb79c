import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../scripts/bundle-options.mjs';

describe('transport/bundle', () => {
  it('carries the agent and every module as text, with no file read at run time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-bundle-'));
    try {
      const outfile = join(dir, 'out.cjs');
      const result = await build({
        ...BUNDLE_OPTIONS,
        entryPoints: [new URL('./fixtures/bundle-entry.ts', import.meta.url).pathname],
        outfile,
        logLevel: 'silent',
      });
      assert.deepEqual(result.warnings, []);
      assert.match(readFileSync(outfile, 'utf8'), /ARGUMENT_SPEC/);
      // run from elsewhere: nothing may be looked up beside the sources
      const run = spawnSync(process.execPath, [outfile], { cwd: dir, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), '["pong", "The module nosuch was not found in configured module paths"]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries the Python plugin helper and its ansible shims, and the run ends with it alive', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-bundle-'));
    try {
      const outfile = join(dir, 'out.cjs');
      const result = await build({
        ...BUNDLE_OPTIONS,
        entryPoints: [new URL('./fixtures/python-plugins-bundle-entry.ts', import.meta.url).pathname],
        outfile,
        logLevel: 'silent',
      });
      assert.deepEqual(result.warnings, []);
      mkdirSync(join(dir, 'filter_plugins'));
      const plugin = 'from ansible.errors import AnsibleFilterError\nfrom ansible.module_utils.six import string_types\n\nclass FilterModule:\n    def filters(self):\n        return {"shout": lambda v: v.upper() if isinstance(v, string_types) else 0}\n';
      writeFileSync(join(dir, 'filter_plugins', 'shout.py'), plugin);
      const run = spawnSync(process.execPath, [outfile, dir], { cwd: dir, encoding: 'utf8', timeout: 20000 });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), '["HI"]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
