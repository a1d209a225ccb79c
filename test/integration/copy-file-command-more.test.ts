/**
 * More copy / file / command behaviour (backup, diff, check mode, remote_src, hard links, touch,
 * creates/removes, executable, argv, stdin, a missing command) against 2.19's full -vvv results
 * (recorded/copy-file-command-more.json, recorded over ssh against 127.0.0.1:2222).
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { dumpJson, fromPlain } from '../../src/core/json.js';
import { dictOf, isDict, type Data, type DataDict } from '../../src/core/data.js';
import type { ConnectionSpec } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';
import { asTaskResult } from './task-result.js';

const recorded = (JSON.parse(readFileSync(new URL('./recorded/copy-file-command-more.json', import.meta.url), 'utf8')) as unknown[]).map(fromPlain);

type Step = { module: string; args: Record<string, Data>; check?: boolean; diff?: boolean };
const steps: Step[] = [
  { module: 'file', args: { path: '/tmp/vorc5', state: 'directory' } },
  { module: 'copy', args: { content: 'one\n', dest: '/tmp/vorc5/a.txt' } },
  { module: 'copy', args: { content: 'two\n', dest: '/tmp/vorc5/a.txt', backup: 'true' } },
  { module: 'copy', args: { content: 'three\n', dest: '/tmp/vorc5/a.txt' }, diff: true },
  { module: 'copy', args: { content: 'new\n', dest: '/tmp/vorc5/new.txt' }, check: true },
  { module: 'copy', args: { src: '/tmp/vorc5/a.txt', dest: '/tmp/vorc5/b.txt', remote_src: 'true' } },
  { module: 'copy', args: { src: '/tmp/vorc5/a.txt', dest: '/tmp/vorc5/b.txt', remote_src: 'true' } },
  { module: 'file', args: { path: '/tmp/vorc5/h', src: '/tmp/vorc5/a.txt', state: 'hard' } },
  { module: 'file', args: { path: '/tmp/vorc5/t', state: 'touch' }, diff: true },
  { module: 'file', args: { path: '/tmp/vorc5/t', state: 'absent' }, check: true },
  { module: 'command', args: { _raw_params: 'touch /tmp/vorc5/c', creates: '/tmp/vorc5/c' } },
  { module: 'command', args: { _raw_params: 'touch /tmp/vorc5/c', creates: '/tmp/vorc5/c' } },
  { module: 'command', args: { _raw_params: 'rm /tmp/vorc5/c', removes: '/tmp/vorc5/c' } },
  { module: 'command', args: { _raw_params: 'echo hi' }, check: true },
  { module: 'shell', args: { _raw_params: 'echo $0', executable: '/bin/bash' } },
  { module: 'command', args: { _raw_params: 'echo hi', executable: '/bin/bash' } },
  { module: 'command', args: { _raw_params: 'pwd', chdir: '/tmp/vorc5' } },
  { module: 'command', args: { argv: ['printf', '%s|', 'a b', 'c'] } },
  { module: 'shell', args: { _raw_params: 'cat; echo', stdin: 'hello', stdin_add_newline: false } },
  { module: 'command', args: { _raw_params: 'nosuchcommand-xyz' } },
  { module: 'stat', args: { path: '/tmp/vorc5/h', get_mime: 'false', get_attributes: 'false', get_checksum: 'false' } },
  { module: 'file', args: { path: '/tmp/vorc5', state: 'absent' }, diff: true },
];

// what changes from run to run, or what the callback shows apart (warnings, exception)
const VOLATILE = new Set(['atime', 'ctime', 'mtime', 'inode', 'dev', 'start', 'end', 'delta']);

function normalize(value: Data): Data {
  if (typeof value === 'string') {
    if (/\/\.ansible\/tmp\/ansible-(tmp|local)-/.test(value)) return '<temp path>';
    if (/^\/tmp\/vorc5\/a\.txt\.\d+\.\d{4}-\d\d-\d\d@\d\d:\d\d:\d\d~$/.test(value)) return '<backup>';
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map(normalize);
    // os.walk order depends on the directory's hash order: compare listings as sets
    return items.every((i) => typeof i === 'string') ? [...(items as string[])].sort() : items;
  }
  if (isDict(value)) {
    const out: DataDict = new Map();
    for (const [k, v] of value) {
      if (typeof k === 'string' && VOLATILE.has(k)) out.set(k, v === null ? null : '<volatile>');
      else if (k === '_original_basename' && typeof v === 'string' && v.startsWith('.')) out.set(k, '<random>');
      else out.set(k, normalize(v));
    }
    return out;
  }
  return value;
}

async function runAll(spec: ConnectionSpec): Promise<void> {
  rmSync('/tmp/vorc5', { recursive: true, force: true });
  const transport = createTransport();
  try {
    const session = await transport.session(spec);
    for (const [index, step] of steps.entries()) {
      const result = asTaskResult(await session.runModule({ module: step.module, args: dictOf(step.args), checkMode: step.check ?? false, diff: step.diff ?? false }));
      const want = normalize(recorded[index] ?? null);
      const got = normalize(result);
      // the callback prints these beside the dict (a "skipping:" line, [WARNING] lines)
      for (const key of ['warnings', 'skipped', 'failed', 'exception']) if (isDict(want) && isDict(got) && !want.has(key)) got.delete(key);
      assert.equal(dumpJson(got, { sortKeys: true }), dumpJson(want, { sortKeys: true }), `step ${index}: ${step.module} ${JSON.stringify(step.args)}`);
    }
  } finally {
    await transport.closeAll();
  }
}

overLocalAndSsh('copy, file and command details against 2.19', 'match over local', runAll);
