import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { DEFLATE_FROM, encodeFrame, FrameDecoder } from './frame-codec.js';

/** A frame as the agent writes it (its frames are never deflated). */
function agentFrame(json: string): Buffer {
  const body = Buffer.from(json, 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length, 0);
  return Buffer.concat([head, body]);
}

describe('transport/frame-codec', () => {
  it('yields each frame once, whatever the chunking', () => {
    const bytes = Buffer.concat([agentFrame('{"id": 1}'), agentFrame('{"s": "é ✓"}'), agentFrame('[]')]);
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
    const frame = agentFrame('{"big": "' + 'x'.repeat(100000) + '"}');
    assert.deepEqual(decoder.push(frame.subarray(0, 50000)), []);
    assert.equal(decoder.push(frame.subarray(50000)).length, 1);
  });

  it('deflates large frames to the agent, marked by the length top bit, and leaves small ones raw', () => {
    assert.deepEqual(encodeFrame('{"id": 1}'), agentFrame('{"id": 1}'));
    const json = JSON.stringify({ source: 'def run(module):\n    return {}\n'.repeat(DEFLATE_FROM / 16) });
    const frame = encodeFrame(json);
    const head = frame.readUInt32BE(0);
    assert.ok(head & 0x80000000);
    assert.equal(head & 0x7fffffff, frame.length - 4);
    assert.ok(frame.length < json.length / 4);
    assert.equal(inflateSync(frame.subarray(4)).toString('utf8'), json);
  });
});
