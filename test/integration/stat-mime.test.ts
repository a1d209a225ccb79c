/**
 * stat's mimetype and charset: the agent asks libmagic in its own process instead of running
 * `file` for each path; every answer must be what `file --mime-type --mime-encoding` prints, as
 * ansible-core's stat runs it. Compared here on files of many kinds, and with a task environment
 * that sets HOME (then the agent runs `file` itself: libmagic would read another ~/.magic.mgc).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dictOf, isDict } from '../../src/core/data.js';
import { createTransport } from '../../src/transport/index.js';
import { LOCAL_SPEC } from './over-local-and-ssh.js';
import { asTaskResult } from './task-result.js';

const dir = '/tmp/volant-stat-mime';

function fixtures(): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/sub`, { recursive: true });
  writeFileSync(`${dir}/ascii.txt`, 'round 1\n');
  writeFileSync(`${dir}/utf8.txt`, 'héllo wörld\n');
  writeFileSync(`${dir}/empty`, '');
  writeFileSync(`${dir}/data.json`, '{"a": [1, 2, 3]}\n');
  writeFileSync(`${dir}/script.sh`, '#!/bin/sh\necho hi\n');
  writeFileSync(`${dir}/blob.gz`, gzipSync(Buffer.from('some text '.repeat(50))));
  writeFileSync(`${dir}/binary`, Buffer.from([0, 1, 2, 3, 255, 254, 0, 7, 9, 0]));
  symlinkSync('ascii.txt', `${dir}/link`);
  symlinkSync('missing', `${dir}/dangling`);
  return ['ascii.txt', 'utf8.txt', 'empty', 'data.json', 'script.sh', 'blob.gz', 'binary', 'link', 'dangling', 'sub'].map((n) => `${dir}/${n}`);
}

function fileSays(path: string): { mimetype: string; charset: string } {
  const out = execFileSync('/usr/bin/file', ['--mime-type', '--mime-encoding', path], { encoding: 'utf8' });
  // NOTE: parsed as ansible-core's stat does: anything but "type; charset=x" leaves both unknown
  // (a dangling symlink is just "inode/symlink").
  const parts = out.slice(out.lastIndexOf(':') + 1).split(';');
  const charset = parts[1]?.split('=')[1];
  if (parts.length !== 2 || charset === undefined) return { mimetype: 'unknown', charset: 'unknown' };
  return { mimetype: parts[0]!.trim(), charset: charset.trim() };
}

describe('stat mimetype and charset', { skip: existsSync('/usr/bin/file') ? false : 'no /usr/bin/file here' }, () => {
  it('are what `file` prints, with and without a task environment', async () => {
    const paths = fixtures();
    const transport = createTransport();
    try {
      const session = await transport.session(LOCAL_SPEC);
      for (const environment of [undefined, { HOME: '/root' }]) {
        for (const path of paths) {
          const result = asTaskResult(
            await session.runModule({ module: 'stat', args: dictOf({ path, get_checksum: false }), checkMode: false, diff: false, environment: environment && new Map(Object.entries(environment)) }),
          );
          const st = result.get('stat');
          assert.ok(isDict(st), `${path}: ${JSON.stringify([...result])}`);
          assert.deepEqual({ mimetype: st.get('mimetype'), charset: st.get('charset') }, fileSays(path), `${path} (environment ${JSON.stringify(environment)})`);
        }
      }
    } finally {
      await transport.closeAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
