import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFrame, FrameDecoder } from './frame-codec.js';

describe('transport/frame-codec', () => {
  it('yields each frame once, whatever the chunking', () => {
    const bytes = Buffer.concat([encodeFrame('{"id": 1}'), encodeFrame('{"s": "é ✓"}'), encodeFrame('[]')]);
    for (const size of [1, 3, 7, bytes.length]) {
      const decoder = new FrameDecoder();
      const frames: string[] = [];
      for (let i = 0; i < bytes.length; i += size) frames.push(...decoder.push(bytes.subarray(i, i + size)));
      assert.deepEqual(frames, ['{"id": 1}', '{"s": "é ✓"}', '[]']);
      assert.equal(decoder.pending().length, 0);
    }
  });

  it('keeps an incomplete frame until the rest arrives', () => {
    const decoder = new FrameDecoder();
    const frame = encodeFrame('{"big": "' + 'x'.repeat(100000) + '"}');
    assert.deepEqual(decoder.push(frame.subarray(0, 50000)), []);
    assert.equal(decoder.push(frame.subarray(50000)).length, 1);
  });
});
