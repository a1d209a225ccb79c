/**
 * The default callback driven the way the runner drives it: hand-built TaskInfo/HostResult with
 * raw result dicts and error chains. Expected text is cut from output recorded from ansible-core
 * (test-fixtures/golden/*), never from Volant.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dictOf, type Data } from '../core/data.js';
import type { HostCounts, TaskInfo } from '../run/events.js';
import { createCallback } from './index.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'golden');
const recorded = (path: string): string => readFileSync(join(GOLDEN, path), 'utf8');
const readSource = (file: string): string | undefined => {
  try {
    return readFileSync(file.replace('/tmp/volant-cb/', `${GOLDEN}/`), 'utf8');
  } catch {
    return undefined;
  }
};

function capture(verbosity = 0) {
  const io = { out: '', err: '' };
  const cb = createCallback('default', { verbosity, color: false, out: (t) => (io.out += t), err: (t) => (io.err += t), readSource });
  return { cb, io };
}

const task = (name: string, action: string, file: string, line: number, extra: Partial<TaskInfo> = {}): TaskInfo => ({
  name,
  action,
  actionWritten: action,
  loc: { file, line, column: 7 },
  isHandler: false,
  noLog: false,
  checkMode: false,
  diff: false,
  ...extra,
});

describe('callbacks/default', () => {
  it('prints a failed fail task: error block, fatal line without `failed`, ...ignoring', () => {
    const { cb, io } = capture();
    const pb = '/tmp/volant-cb/failures/pb.yml';
    cb.playStart?.({ name: 'localhost', loc: { file: pb, line: 1, column: 3 }, checkMode: false });
    const t = task('fail', 'fail', pb, 4);
    cb.taskStart?.(t);
    cb.runnerFailed?.({
      host: 'localhost',
      task: t,
      ignored: true,
      result: dictOf({ failed: true, msg: 'boom', changed: false, _ansible_no_log: false }),
      error: {
        message: 'Task failed.',
        origin: { file: pb, line: 4, column: 7 },
        cause: { message: 'Action failed.', cause: { message: 'boom' } },
      },
    });
    const want = recorded('failures/v0/stdout.txt');
    assert.equal(io.out, want.slice(0, want.indexOf('\nTASK [plain fail]')));
  });

  it('pads the recap host to 26 columns and lets a longer name push the fields', () => {
    const { cb, io } = capture();
    const counts: Record<string, HostCounts> = {
      'a-very-long-host-name-exceeding-26': { ok: 3, changed: 1, unreachable: 0, failures: 0, skipped: 1, rescued: 0, ignored: 0 },
      alpha: { ok: 4, changed: 1, unreachable: 0, failures: 0, skipped: 1, rescued: 0, ignored: 0 },
    };
    cb.stats?.({ hosts: Object.keys(counts), summarize: (h) => counts[h] as HostCounts });
    const want = recorded('multi-host/v0/stdout.txt');
    const recap = want.slice(want.indexOf('\nPLAY RECAP'));
    const lines = recap.split('\n');
    assert.equal(io.out, [lines[0], lines[1], lines[2], lines[3], ''].join('\n') + '\n');
  });

  it('ends a skipped item line with a space and shows the loop_var item', () => {
    const { cb, io } = capture();
    const t = task('debug', 'debug', '/x.yml', 13, { id: 't1', loop: true });
    cb.taskStart?.(t);
    const item: Data = dictOf({
      changed: false,
      skipped: true,
      skip_reason: 'Conditional result was False',
      false_condition: 'thing != 2',
      _ansible_no_log: false,
      thing: 2,
      ansible_loop_var: 'thing',
      _ansible_item_label: 2,
    });
    cb.itemSkipped?.({ host: 'localhost', task: t, result: item as ReturnType<typeof dictOf> });
    assert.ok(recorded('loops/v0/stdout.txt').includes('\nskipping: [localhost] => (item=2) \n'));
    assert.ok(io.out.endsWith('\nskipping: [localhost] => (item=2) \n'));
  });

  it('prints a banner once per task even when each result brings its own TaskInfo', () => {
    const { cb, io } = capture();
    cb.taskStart?.(task('debug', 'debug', '/x.yml', 5));
    for (const host of ['alpha', 'beta']) {
      cb.runnerOk?.({ host, task: task('debug', 'debug', '/x.yml', 5), result: dictOf({ msg: host, _ansible_verbose_always: true, changed: false }) });
    }
    const want = recorded('multi-host/v0/stdout.txt');
    const first = want.slice(want.indexOf('\nTASK [debug]'), want.indexOf('ok: [gamma]'));
    assert.equal(io.out, first);
  });
});
