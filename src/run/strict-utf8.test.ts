import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkStrictUtf8, surrogateError } from './strict-utf8.js';
import { TaskError } from './task-error.js';

test('a run of lone surrogates is reported as Python encodes it', () => {
  assert.equal(surrogateError('\udcff\udcfe'), "'utf-8' codec can't encode characters in position 0-1: surrogates not allowed");
  assert.equal(surrogateError('ab\udcff'), "'utf-8' codec can't encode character '\\udcff' in position 2: surrogates not allowed");
});

test('an astral character counts as one code point and is valid', () => {
  assert.equal(surrogateError('😀'), undefined);
  assert.equal(surrogateError('😀x\udc80'), "'utf-8' codec can't encode character '\\udc80' in position 2: surrogates not allowed");
});

test('the first bad string of a result fails the task with the setting as help', () => {
  const result = new Map<string, unknown>([['stdout', 'ok'], ['lines', ['fine', 'x\udcc3']]]);
  assert.throws(() => checkStrictUtf8(result as never), (e: unknown) => {
    assert.ok(e instanceof TaskError);
    assert.match(e.chain[0]?.message ?? '', /^Refusing to deserialize an invalid UTF8 string value: .*position 1: surrogates not allowed$/);
    assert.match(e.chain[0]?.help ?? '', /MODULE_STRICT_UTF8_RESPONSE/);
    return true;
  });
  assert.doesNotThrow(() => checkStrictUtf8(new Map([['stdout', 'é']]) as never));
});
