/**
 * A file written by copy is never seen half-written: a reader polling the destination while a
 * large file replaces it sees the old content or the new content, nothing in between.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dictOf } from '../../src/core/data.js';
import { createTransport } from '../../src/transport/index.js';

const sha1 = (b: Buffer): string => createHash('sha1').update(b).digest('hex');

describe('copy writes atomically', () => {
  it('never exposes a partial file to a concurrent reader', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-atomic-'));
    const dest = join(dir, 'big.bin');
    const oldContent = Buffer.alloc(8 * 1024 * 1024, 'a');
    const newContent = Buffer.alloc(24 * 1024 * 1024, 'b');
    writeFileSync(dest, oldContent);
    const allowed = new Set([sha1(oldContent), sha1(newContent)]);
    const transport = createTransport();
    try {
      const session = await transport.session({ host: 'local-test', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 });
      let done = false;
      const copying = session
        .runModule({
          module: 'copy',
          args: dictOf({ dest, _volant_content_b64: newContent.toString('base64') }),
          checkMode: false,
          diff: false,
        })
        .finally(() => {
          done = true;
        });
      let reads = 0;
      let sawNew = false;
      while (!done) {
        const seen = readFileSync(dest);
        const digest = sha1(seen);
        assert.ok(allowed.has(digest), `a reader saw ${seen.length} bytes that are neither the old nor the new file`);
        if (digest === sha1(newContent)) sawNew = true;
        reads++;
        await new Promise((r) => setImmediate(r));
      }
      const result = await copying;
      assert.equal(result.get('changed'), true);
      assert.equal(result.get('checksum'), sha1(newContent));
      assert.ok(reads > 1, 'the reader polled while the copy ran');
      assert.equal(sha1(readFileSync(dest)), sha1(newContent));
      void sawNew;
    } finally {
      await transport.closeAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
