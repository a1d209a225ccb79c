/** The jsonfile fact cache as 2.19 keeps it (file names, payload, timeout), seen with the oracle. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PyFloat, UnsafeString, type Data } from '../../../src/core/data.js';
import { JsonFileFactCache } from '../../../src/cli/jsonfile-fact-cache.js';

function withDir(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'volant-facts-'));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('cli/jsonfile-fact-cache', () => {
  it('writes <prefix>s1_<host> holding the facts as a JSON payload string, rw-r--r--', () => {
    withDir((dir) => {
      new JsonFileFactCache(dir, 'pre_', 0).save('h1', new Map<string, Data>([['x', 1], ['y', ['a']]]));
      const file = join(dir, 'pre_s1_h1');
      assert.equal(readFileSync(file, 'utf8'), '{"__payload__": "{\\"x\\": 1, \\"y\\": [\\"a\\"]}"}');
      assert.equal(statSync(file).mode & 0o777, 0o644);
    });
  });

  it("reads 2.19's tagged values: a float stays one, only a TrustedAsTemplate string is a template", () => {
    withDir((dir) => {
      const payload = {
        n: { value: 2.0, tags: [{ path: '/p.yml', line_num: 1, col_num: 2, __ansible_type: 'Origin' }], __ansible_type: '_AnsibleTaggedFloat' },
        t: { value: '{{ a }}', tags: [{ __ansible_type: 'TrustedAsTemplate' }], __ansible_type: '_AnsibleTaggedStr' },
        u: '{{ b }}',
      };
      writeFileSync(join(dir, 's1_h1'), JSON.stringify({ __payload__: JSON.stringify(payload).replace('2,', '2.0,') }));
      const facts = new JsonFileFactCache(dir, '', 0).load('h1');
      assert.ok(facts?.get('n') instanceof PyFloat);
      assert.equal(facts?.get('t'), '{{ a }}');
      assert.ok(facts?.get('u') instanceof UnsafeString);
    });
  });

  it('ignores a file older than the timeout (0: never too old) and deletes one', () => {
    withDir((dir) => {
      const cache = new JsonFileFactCache(dir, '', 60);
      cache.save('h1', new Map([['x', 1]]));
      utimesSync(join(dir, 's1_h1'), new Date(0), new Date(0));
      assert.equal(cache.load('h1'), undefined);
      assert.equal(new JsonFileFactCache(dir, '', 0).load('h1')?.get('x'), 1);
      cache.delete('h1');
      assert.equal(existsSync(join(dir, 's1_h1')), false);
    });
  });
});
