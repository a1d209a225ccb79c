import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDict, type Data, type DataDict } from '../../src/core/data.js';
import { createTransport } from '../../src/transport/index.js';
import type { VolantAgentSession } from '../../src/transport/agent-session.js';
import { CHUNK_SIZE, sendFile, type AgentRequest } from '../../src/transport/file-chunks.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';

const SIZE = 20 * 1024 * 1024 + 12345;

function sha1Of(path: string): string {
  return createHash('sha1').update(readFileSync(path)).digest('hex');
}

/** The agent's requests, recording the largest piece of file data any frame carried (both ways). */
function measuring(session: VolantAgentSession, largest: { bytes: number }): AgentRequest {
  const size = (v: Data | undefined): number => (typeof v === 'string' ? Buffer.byteLength(v) : 0);
  return async (op: string, fields: DataDict) => {
    largest.bytes = Math.max(largest.bytes, size(fields.get('data')));
    const answer = await session.client.request(op, fields);
    if (isDict(answer)) largest.bytes = Math.max(largest.bytes, size(answer.get('data')));
    return answer;
  };
}

overLocalAndSsh('transport/large files', 'sends and fetches a 20 MiB file in pieces, checksums equal on disk', async (spec) => {
  const dir = mkdtempSync(join(tmpdir(), 'volant-large-'));
  const transport = createTransport();
  try {
    const source = join(dir, 'source.bin');
    writeFileSync(source, randomBytes(SIZE));
    const session = (await transport.session(spec)) as VolantAgentSession;

    // To the host: no frame carries more than one piece (base64 of CHUNK_SIZE bytes).
    const largest = { bytes: 0 };
    const remote = join(dir, 'remote', 'copy.bin');
    await sendFile(measuring(session, largest), source, remote);
    assert.equal(statSync(remote).size, SIZE);
    assert.equal(sha1Of(remote), sha1Of(source));
    assert.ok(largest.bytes <= Math.ceil(CHUNK_SIZE / 3) * 4, `a frame carried ${largest.bytes} bytes of data`);

    // Through the session as the actions use it, over an existing file (replaced whole).
    writeFileSync(remote, 'old');
    await session.putFile(source, remote);
    assert.equal(sha1Of(remote), sha1Of(source));

    // Back to the controller (fetch), then again: unchanged.
    const fetched = join(dir, 'fetched', 'copy.bin');
    const first = await session.fetchFile(remote, fetched);
    assert.equal(first.get('changed'), true);
    assert.equal(first.get('checksum'), sha1Of(source));
    assert.equal(sha1Of(fetched), sha1Of(source));
    assert.equal(first.get('md5sum'), createHash('md5').update(readFileSync(source)).digest('hex'));
    const again = await session.fetchFile(remote, fetched);
    assert.equal(again.get('changed'), false);

    // An empty file travels as one empty piece.
    const empty = join(dir, 'empty');
    writeFileSync(empty, '');
    await session.putFile(empty, join(dir, 'remote', 'empty'));
    assert.equal(statSync(join(dir, 'remote', 'empty')).size, 0);
    assert.equal((await session.readBytes(join(dir, 'remote', 'empty'))).length, 0);
  } finally {
    await transport.closeAll();
    rmSync(dir, { recursive: true, force: true });
  }
});
