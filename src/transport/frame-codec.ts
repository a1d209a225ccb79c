/**
 * The agent protocol's framing: each frame is a 4-byte big-endian length, then that many bytes of
 * UTF-8 JSON. Both directions use it after the bootstrap. A frame to the agent whose length has
 * the top bit set holds its JSON deflated (zlib).
 */
import { deflateSync } from 'node:zlib';

/** Frames to the agent from this size on go deflated (module sources, file pieces). */
export const DEFLATE_FROM = 8192;
const DEFLATED = 0x80000000;

export function encodeFrame(json: string): Buffer {
  let body = Buffer.from(json, 'utf8');
  let length = body.length;
  if (length >= DEFLATE_FROM) {
    // NOTE: what ssh's `-C` did for Volant's large frames (Volant's default ssh_args leave it out:
    // it deflated every small frame too, on both ends). Level 1: the controller's one thread
    // deflates the first request of every module for every host. JSON text always gains (even
    // base64 of compressed data: a quarter).
    body = deflateSync(body, { level: 1 });
    length = (body.length | DEFLATED) >>> 0;
  }
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(length, 0);
  return Buffer.concat([head, body]);
}

/** Collects stdout chunks and yields each complete frame's text. */
export class FrameDecoder {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes the frame being received needs in total (header included), once its header is known. */
  private needed = 4;

  push(chunk: Buffer): string[] {
    this.chunks.push(chunk);
    this.size += chunk.length;
    // A large frame arrives in many chunks: join them only once it is complete.
    if (this.size < this.needed) return [];
    let buf = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.size);
    const frames: string[] = [];
    let offset = 0;
    this.needed = 4;
    while (buf.length - offset >= 4) {
      const length = buf.readUInt32BE(offset);
      if (buf.length - offset - 4 < length) {
        this.needed = 4 + length;
        break;
      }
      frames.push(buf.toString('utf8', offset + 4, offset + 4 + length));
      offset += 4 + length;
    }
    buf = offset === 0 ? buf : buf.subarray(offset);
    this.chunks = buf.length > 0 ? [buf] : [];
    this.size = buf.length;
    return frames;
  }

  /** Bytes received that are not a complete frame (noise before the first frame, for errors). */
  pending(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}
