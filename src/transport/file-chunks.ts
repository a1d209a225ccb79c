/**
 * Files to and from an agent in pieces of CHUNK_SIZE bytes, a few pieces in flight: memory stays
 * bounded on both sides whatever the file's size, and no frame is larger than one piece.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isDict, type Data, type DataDict } from '../core/data.js';
import { makeLocalDirs } from '../core/make-dirs.js';

export const CHUNK_SIZE = 1 << 20;
/** Pieces in flight at once: enough to keep an ssh channel busy, few enough to bound memory. */
const WINDOW = 4;

/** One request to the agent (AgentClient.request). */
export type AgentRequest = (op: string, fields: DataDict) => Promise<Data>;

/** A request whose failure is seen by whoever awaits it, never reported as unhandled meanwhile. */
function inFlight(request: AgentRequest, op: string, fields: DataDict): Promise<Data> {
  const answer = request(op, fields);
  answer.catch(() => undefined);
  return answer;
}

/**
 * Writes `source` (a controller file's path, or bytes) to `remotePath` on the host: pieces go to a
 * temp file beside it, renamed over it after the last, so a reader never sees it half-written.
 */
export async function sendFile(request: AgentRequest, source: string | Buffer, remotePath: string, mode?: number): Promise<void> {
  const token = randomBytes(8).toString('hex');
  const file = typeof source === 'string' ? await open(source, 'r') : undefined;
  try {
    const size = file ? (await file.stat()).size : (source as Buffer).length;
    const pending: Promise<Data>[] = [];
    for (let offset = 0, first = true; first || offset < size; first = false) {
      const length = Math.min(CHUNK_SIZE, size - offset);
      let piece: Buffer;
      if (file) {
        const { bytesRead, buffer } = await file.read(Buffer.alloc(length), 0, length, offset);
        piece = buffer.subarray(0, bytesRead);
      } else {
        piece = (source as Buffer).subarray(offset, offset + length);
      }
      offset += length;
      const last = offset >= size;
      const fields = new Map<string, Data>([
        ['path', remotePath],
        ['token', token],
        ['data', piece.toString('base64')],
        ['first', first],
        ['last', last],
      ]);
      if (last && mode !== undefined) fields.set('mode', mode);
      pending.push(inFlight(request, 'put_chunk', fields));
      if (pending.length >= WINDOW) await pending.shift();
    }
    await Promise.all(pending);
  } finally {
    await file?.close();
  }
}

export interface Received {
  /** The temp file beside the destination holding the bytes; the caller renames or removes it. */
  readonly tmp: string;
  readonly sha1: string;
  readonly md5: string;
}

/** Reads `size` bytes of `remotePath` into a temp file beside `localPath`, hashing as they come. */
export async function receiveFile(request: AgentRequest, remotePath: string, localPath: string, size: number): Promise<Received> {
  makeLocalDirs(dirname(localPath));
  const tmp = `${localPath}.volant-tmp-${randomBytes(6).toString('hex')}`;
  const out = await open(tmp, 'w');
  const sha1 = createHash('sha1');
  const md5 = createHash('md5');
  try {
    const pending: Promise<Data>[] = [];
    let next = 0;
    const ask = (): void => {
      pending.push(inFlight(request, 'read_chunk', new Map<string, Data>([['path', remotePath], ['offset', next], ['length', CHUNK_SIZE]])));
      next += CHUNK_SIZE;
    };
    while (next < size && pending.length < WINDOW) ask();
    while (pending.length > 0) {
      const answer = await (pending.shift() as Promise<Data>);
      const data = isDict(answer) ? answer.get('data') : undefined;
      const bytes = Buffer.from(typeof data === 'string' ? data : '', 'base64');
      await out.write(bytes);
      sha1.update(bytes);
      md5.update(bytes);
      if (next < size) ask();
    }
  } catch (error) {
    await out.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await out.close();
  return { tmp, sha1: sha1.digest('hex'), md5: md5.digest('hex') };
}

/** Moves a received temp file over its destination. */
export async function keepReceived(received: Received, localPath: string): Promise<void> {
  await rename(received.tmp, localPath);
}

/** sha1 and md5 of a controller file, read in pieces; undefined when it cannot be read. */
export function hashLocalFile(path: string): Promise<{ sha1: string; md5: string } | undefined> {
  return new Promise((resolve) => {
    const sha1 = createHash('sha1');
    const md5 = createHash('md5');
    createReadStream(path, { highWaterMark: CHUNK_SIZE })
      .on('data', (chunk) => {
        sha1.update(chunk);
        md5.update(chunk);
      })
      .on('error', () => resolve(undefined))
      .on('end', () => resolve({ sha1: sha1.digest('hex'), md5: md5.digest('hex') }));
  });
}

/** All of a remote file, in pieces (for callers that need it in memory). */
export async function readRemote(request: AgentRequest, remotePath: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let offset = 0; ; offset += CHUNK_SIZE) {
    const answer = await request('read_chunk', new Map<string, Data>([['path', remotePath], ['offset', offset], ['length', CHUNK_SIZE]]));
    const data = isDict(answer) ? answer.get('data') : undefined;
    const bytes = Buffer.from(typeof data === 'string' ? data : '', 'base64');
    parts.push(bytes);
    if (bytes.length < CHUNK_SIZE) return Buffer.concat(parts);
  }
}
