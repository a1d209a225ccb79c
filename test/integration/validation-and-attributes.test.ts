/**
 * Argument validation messages, invocation (defaults, aliases) and file attributes (symbolic
 * modes, recurse, owner lookup) compared with 2.19's full -vvv results
 * (recorded/validation-and-attributes.json, recorded with the oracle against 127.0.0.1:2222).
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { dumpJson, fromPlain } from '../../src/core/json.js';
import { dictOf, isDict, type Data, type DataDict } from '../../src/core/data.js';
import type { ConnectionSpec } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';
import { asTaskResult } from './task-result.js';

const recorded = (JSON.parse(readFileSync(new URL('./recorded/validation-and-attributes.json', import.meta.url), 'utf8')) as unknown[]).map(fromPlain);

const steps: { module: string; args: Record<string, Data> }[] = [
  { module: 'file', args: { path: '/tmp/vorc2', state: 'bogus' } },
  { module: 'file', args: { state: 'directory' } },
  { module: 'copy', args: { dest: '/tmp/vorc2/x', backup: 'maybe', content: 'x' } },
  { module: 'stat', args: { path: '/tmp', checksum_algorithm: 'foo', get_mime: 'false', get_attributes: 'false' } },
  { module: 'command', args: { _raw_params: 'echo hi', argv: ['echo', 'hi'] } },
  { module: 'file', args: { dest: '/tmp/vorc2', state: 'directory', mode: '0700' } },
  { module: 'file', args: { path: '/tmp/vorc2', mode: 'u+rwx,g+rX,o=rx', recurse: 'true' } },
  { module: 'file', args: { path: '/tmp/vorc2', mode: '0644', recurse: 'true' } },
  { module: 'file', args: { path: '/tmp/vorc2', state: 'absent' } },
  { module: 'stat', args: { path: '/nonexistent' } },
  { module: 'command', args: { _raw_params: 'echo x', chdir: '/nonexistent' } },
  { module: 'copy', args: { dest: '/tmp/vorc2.txt', content: 'abc', mode: '0600', owner: 'nosuchuser' } },
  { module: 'file', args: { path: '/tmp/vorc2.txt', state: 'absent' } },
  { module: 'file', args: { path: '/tmp/vorc2.txt', state: 'touch', mode: '0644' } },
  { module: 'file', args: { path: '/tmp/vorc2.txt', mode: 'abc' } },
  { module: 'file', args: { path: '/tmp/vorc2.txt', recurse: '3' } },
  { module: 'stat', args: { path: '/tmp/vorc2.txt', get_checksum: 'nope' } },
  { module: 'copy', args: { dest: '/tmp/vorc2.txt', content: 'abc', force: 'no' } },
  { module: 'file', args: { path: '/tmp/vorc2.txt', state: 'absent' } },
];

function normalize(value: Data): Data {
  if (typeof value === 'string') {
    if (/\/\.ansible\/tmp\/ansible-(tmp|local)-/.test(value)) return '<temp path>';
    // NOTE: Ansible prints its set of booleans in Python's (hash-randomized) set order.
    return value.replace(/Valid booleans include: (.*)$/, (_m, list: string) => `Valid booleans include: ${list.split(', ').sort().join(', ')}`);
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (isDict(value)) {
    const out: DataDict = new Map();
    for (const [k, v] of value) {
      if (k === 'exception') continue;
      if (k === '_original_basename' && typeof v === 'string' && v.startsWith('.')) out.set(k, '<random>');
      else out.set(k, normalize(v));
    }
    return out;
  }
  return value;
}

async function runAll(spec: ConnectionSpec): Promise<void> {
  rmSync('/tmp/vorc2', { recursive: true, force: true });
  rmSync('/tmp/vorc2.txt', { force: true });
  const transport = createTransport();
  try {
    const session = await transport.session(spec);
    for (const [index, step] of steps.entries()) {
      const result = asTaskResult(await session.runModule({ module: step.module, args: dictOf(step.args), checkMode: false, diff: false }));
      const want = new Map(recorded[index] as DataDict);
      const got = new Map(result);
      if (index === 2) {
        // NOTE: the copy *action* adds the source checksum and `diff: []` to a module that
        // failed validation; that belongs to the runner's copy action.
        want.delete('checksum');
        want.delete('diff');
      }
      got.delete('failed');
      assert.equal(dumpJson(normalize(got), { sortKeys: true }), dumpJson(normalize(want), { sortKeys: true }), `step ${index}: ${step.module} ${JSON.stringify(step.args)}`);
    }
  } finally {
    await transport.closeAll();
  }
}

overLocalAndSsh('argument validation and file attributes against 2.19', 'gives the same results, invocation included, over local', runAll);
