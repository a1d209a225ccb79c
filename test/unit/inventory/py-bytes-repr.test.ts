import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pyBytesRepr } from '../../../src/core/py-bytes-repr.js';

describe('pyBytesRepr', () => {
  it("prints a text's UTF-8 bytes as Python's repr of bytes does", () => {
    assert.equal(pyBytesRepr('file'), "b'file'");
    assert.equal(pyBytesRepr('filé'), "b'fil\\xc3\\xa9'");
    assert.equal(pyBytesRepr("it's"), 'b"it\'s"');
    assert.equal(pyBytesRepr('a\tb\\'), "b'a\\tb\\\\'");
  });
});
