/**
 * lineinfile, blockinfile, replace, find, tempfile, slurp and the controller-side transfers
 * (template/copy content, fetch, script) compared with 2.19's full -vvv results recorded over ssh
 * against 127.0.0.1:2222 (recorded/text-modules.json, recorded/controller-file-actions.json).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpJson, fromPlain } from '../../src/core/json.js';
import { dictOf, isDict, type Data, type DataDict } from '../../src/core/data.js';
import type { ConnectionSpec, ModuleResult } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import type { VolantAgentSession } from '../../src/transport/agent-session.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';
import { asTaskResult } from './task-result.js';

const load = (name: string): Data[] => (JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as unknown[]).map(fromPlain);
const script = new URL('./fixtures/s.sh', import.meta.url).pathname;

type Step = (s: VolantAgentSession, fetchDir: string) => Promise<ModuleResult>;
const mod =
  (module: string, args: Record<string, Data>, diff = false): Step =>
  (s) =>
    s.runModule({ module, args: dictOf(args), checkMode: false, diff });
const content = (text: string, dest: string, extra: Record<string, Data> = {}): Step =>
  mod('copy', { dest, _volant_content_b64: Buffer.from(text).toString('base64'), ...extra });

const textSteps: Step[] = [
  mod('file', { path: '/tmp/vorc3', state: 'absent' }),
  mod('file', { path: '/tmp/vorc3', state: 'directory' }),
  mod('copy', { dest: '/tmp/vorc3/f.conf', content: 'a=1\nb=2\n# c=3\n' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', regexp: '^b=', line: 'b=20' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', regexp: '^b=', line: 'b=20' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', line: 'd=4', insertafter: '^a=' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', line: 'z=0', insertbefore: 'BOF' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', regexp: '^# c', state: 'absent' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', regexp: '^(a)=(.*)', line: '\\1=x\\2', backrefs: 'true' }),
  mod('lineinfile', { path: '/tmp/vorc3/new.conf', line: 'hello', create: 'true', mode: '0600' }),
  mod('lineinfile', { path: '/tmp/vorc3/missing.conf', line: 'hello' }),
  mod('lineinfile', { path: '/tmp/vorc3/f.conf', line: 'q=9' }, true),
  mod('blockinfile', { path: '/tmp/vorc3/f.conf', block: 'x=1\ny=2' }),
  mod('blockinfile', { path: '/tmp/vorc3/f.conf', block: 'x=1\ny=2' }),
  mod('blockinfile', { path: '/tmp/vorc3/f.conf', block: 'x=1', marker: '## {mark} M', insertbefore: 'BOF' }),
  mod('blockinfile', { path: '/tmp/vorc3/f.conf', state: 'absent' }),
  mod('replace', { path: '/tmp/vorc3/f.conf', regexp: '=(\\d)', replace: '==\\1' }),
  mod('replace', { path: '/tmp/vorc3/f.conf', regexp: 'nomatch', replace: 'x' }),
  mod('slurp', { path: '/tmp/vorc3/f.conf' }),
  mod('find', { paths: '/tmp/vorc3', patterns: '*.conf' }),
  mod('find', { paths: '/tmp/vorc3', file_type: 'directory' }),
  (s) => s.runScript(script, { command: 's.sh arg1', name: 's.sh' }),
  content('Hello World\n', '/tmp/vorc3/t.txt', { _original_basename: 't.j2' }),
  (s, dir) => s.fetchFile('/tmp/vorc3/t.txt', join(dir, 'h1/tmp/vorc3/t.txt')),
  (s, dir) => s.fetchFile('/tmp/vorc3/nothere', join(dir, 'h1/tmp/vorc3/nothere')),
  mod('tempfile', { state: 'directory', suffix: 'vt' }),
  mod('file', { path: '/tmp/vorc3', state: 'absent' }),
];

const transferSteps: Step[] = [
  mod('file', { path: '/tmp/vorc4', state: 'directory' }),
  content('Hello World\n', '/tmp/vorc4/t.txt', { _original_basename: 't.j2', mode: '0600' }),
  // the same through `template`, as the runner's template action sends it
  mod('template', { src: 'files/t.j2', dest: '/tmp/vorc4/t.txt', mode: '0600', trim_blocks: 'true', _volant_content_b64: Buffer.from('Hello World\n').toString('base64') }),
  (s, dir) => s.fetchFile('/tmp/vorc4/t.txt', join(dir, 'h1/tmp/vorc4/t.txt')),
  (s, dir) => s.fetchFile('/tmp/vorc4/t.txt', join(dir, 'h1/tmp/vorc4/t.txt')),
  (s, dir) => s.fetchFile('/tmp/vorc4/t.txt', join(dir, 'flat.txt')),
  (s, dir) => s.fetchFile('/tmp/vorc4', join(dir, 'h1/tmp/vorc4')),
  (s) => s.runScript(script, { command: 's.sh a b', name: 's.sh' }),
  (s) => s.runScript(script, { command: 's.sh', name: 's.sh' }, { creates: '/tmp/vorc4/t.txt' }),
  content(readFileSync(script, 'utf8'), '/tmp/vorc4/s.sh', { _original_basename: 's.sh', mode: '0755' }),
  content(readFileSync(script, 'utf8'), '/tmp/vorc4/s.sh', { _original_basename: 's.sh', mode: '0755' }),
  mod('file', { path: '/tmp/vorc4', state: 'absent' }),
];

const VOLATILE = new Set(['atime', 'ctime', 'mtime', 'inode', 'dev', 'exception', 'failed']);

function normalize(value: Data, fetchDir: string): Data {
  if (typeof value === 'string') {
    if (/\/\.ansible\/tmp\/ansible-(tmp|local)-/.test(value)) return '<temp path>';
    if (/^\/tmp\/ansible\.\w+vt$/.test(value)) return '<tempfile>';
    if (value.startsWith('/tmp/orc/fetched/')) return value.replace('/tmp/orc/fetched/', '<fetch>/');
    if (value.startsWith(fetchDir + '/')) return value.replace(fetchDir + '/', '<fetch>/');
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => normalize(v, fetchDir));
  if (isDict(value)) {
    const out: DataDict = new Map();
    for (const [k, v] of value) {
      if (typeof k === 'string' && VOLATILE.has(k)) continue;
      if (k === '_original_basename' && typeof v === 'string' && v.startsWith('.')) out.set(k, '<random>');
      else out.set(k, normalize(v, fetchDir));
    }
    return out;
  }
  return value;
}

async function runSteps(spec: ConnectionSpec, steps: Step[], recorded: Data[], cleanup: string, skip: ReadonlySet<number> = new Set()): Promise<void> {
  rmSync(cleanup, { recursive: true, force: true });
  const fetchDir = mkdtempSync(join(tmpdir(), 'volant-fetch-'));
  const transport = createTransport();
  try {
    const session = (await transport.session(spec)) as VolantAgentSession;
    for (const [index, step] of steps.entries()) {
      const result = asTaskResult(await step(session, fetchDir));
      if (skip.has(index)) continue;
      const got = dumpJson(normalize(result, fetchDir), { sortKeys: true });
      const want = dumpJson(normalize(recorded[index] ?? null, fetchDir), { sortKeys: true });
      assert.equal(got, want, `step ${index}`);
    }
  } finally {
    await transport.closeAll();
    rmSync(fetchDir, { recursive: true, force: true });
  }
}

// script output over local has no tty (\n, no "Shared connection" line): compared over ssh only
const SCRIPT_TEXT = new Set([21]);
const SCRIPT_TRANSFER = new Set([7]);

overLocalAndSsh('text modules and file transfers against 2.19', 'match over local (script output aside)', async (spec) => {
  const local = spec.connection === 'local';
  await runSteps(spec, textSteps, load('text-modules.json'), '/tmp/vorc3', local ? SCRIPT_TEXT : undefined);
  await runSteps(spec, transferSteps, load('controller-file-actions.json'), '/tmp/vorc4', local ? SCRIPT_TRANSFER : undefined);
});
