import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { YamlError } from '../core/errors.js';
import { firstInvalidUtf8Byte, readYamlText } from './read-yaml-text.js';

describe('yaml/read-yaml-text', () => {
  it('finds the lead byte of the first invalid sequence', () => {
    assert.equal(firstInvalidUtf8Byte(Buffer.from('café ✓ 𝄞', 'utf8')), -1);
    assert.equal(firstInvalidUtf8Byte(Buffer.from([0x61, 0xe9, 0x78])), 1);
    assert.equal(firstInvalidUtf8Byte(Buffer.from([0x61, 0xc0, 0x80])), 1, 'overlong');
    assert.equal(firstInvalidUtf8Byte(Buffer.from([0xed, 0xa0, 0x80])), 0, 'surrogate');
    assert.equal(firstInvalidUtf8Byte(Buffer.from([0x61, 0xe2, 0x9c])), 1, 'truncated at the end');
  });

  it('fails as ansible does on a file that is not UTF-8, counting characters before the bad byte', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'volant-yaml-')), 'latin1.yml');
    writeFileSync(file, Buffer.concat([Buffer.from('a: ✓ caf', 'utf8'), Buffer.from([0xe9, 0x0a])]));
    assert.throws(() => readYamlText(file), (e: unknown) => {
      assert.ok(e instanceof YamlError);
      assert.equal(e.message, "YAML parsing failed: 'utf-8' codec can't encode character '\\udce9' in position 8: surrogates not allowed");
      assert.deepEqual(e.location, { file, line: 0, column: 0 });
      assert.match(e.deprecations[0]?.message ?? '', /could not be decoded as 'utf-8'/);
      return true;
    });
  });
});
