import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUN_BUNDLE = fileURLToPath(new URL('../../bin/run-bundle.cjs', import.meta.url));

function run(bundle: string, ...args: string[]): { stdout: string; status: number | null } {
  const r = spawnSync(process.execPath, [RUN_BUNDLE, bundle, ...args], { encoding: 'utf8' });
  return { stdout: r.stdout, status: r.status };
}

describe('bin/run-bundle', () => {
  it('runs a bundle as CommonJS, writes its code cache once, and never runs a stale one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-run-bundle-'));
    try {
      const bundle = join(dir, 'b.cjs');
      const cache = `${bundle}.cache`;
      writeFileSync(bundle, "const p = require('node:path'); console.log('one', p.basename(__filename), process.argv.slice(2).join(',')); process.exitCode = 3;\n");
      assert.deepEqual(run(bundle, 'a', 'b'), { stdout: 'one b.cjs a,b\n', status: 3 });
      const written = statSync(cache).mtimeMs;
      assert.match(readFileSync(cache, 'latin1').split('\n')[0] ?? '', /^volant-code-cache-1 \d+ /);

      assert.equal(run(bundle).stdout, 'one b.cjs \n');
      assert.equal(statSync(cache).mtimeMs, written, 'a cache that fits is read, not rewritten');

      // Same length, other text: V8's own check would accept the old cache; the key must not.
      writeFileSync(bundle, "const p = require('node:path'); console.log('two', p.basename(__filename), process.argv.slice(2).join(',')); process.exitCode = 3;\n");
      utimesSync(bundle, new Date(), new Date(Date.now() + 5_000));
      assert.equal(run(bundle).stdout, 'two b.cjs \n');
      assert.equal(run(bundle).stdout, 'two b.cjs \n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
