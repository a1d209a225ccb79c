import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, pyEquals, type DataDict } from '../../core/data.js';
import { parseJson } from '../../core/json.js';
import { plainResult } from '../test-fixtures/replay.js';
import { callbackView } from './callback-view.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures', 'golden');
const RESULT_EVENTS = new Set(['runner_ok', 'runner_failed', 'runner_skipped', 'runner_unreachable', 'item_ok', 'item_failed', 'item_skipped', 'runner_retry']);

/** Warnings and deprecations reach callbacks as summaries; compare everything else. */
function comparable(d: DataDict): DataDict {
  const out = new Map(d);
  out.delete('warnings');
  out.delete('deprecations');
  return out;
}

describe('callbacks/format/callback-view', () => {
  it('turns every recorded raw result into the dict ansible handed its callbacks', () => {
    let checked = 0;
    for (const name of readdirSync(GOLDEN)) {
      const file = join(GOLDEN, name, 'v0', 'events.jsonl');
      if (!existsSync(file)) continue;
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        const rec = parseJson(line) as DataDict;
        if (!RESULT_EVENTS.has(String(rec.get('event')))) continue;
        const raw = rec.get('raw');
        const want = rec.get('result');
        const task = rec.get('task');
        if (!isDict(raw) || !isDict(want) || !isDict(task)) continue;
        const got = callbackView(plainResult(raw) as DataDict, String(task.get('action')), task.get('no_log') === true);
        assert.ok(pyEquals(comparable(got), comparable(want)), `${name}: ${String(rec.get('event'))} ${line.slice(0, 200)}`);
        checked++;
      }
    }
    assert.ok(checked > 100, `only ${checked} results checked`);
  });

  it('is idempotent, so the runner may pass raw or already-cleaned results', () => {
    const raw: DataDict = new Map<string, import('../../core/data.js').Data>([
      ['failed', true],
      ['msg', 'x'],
      ['_ansible_no_log', false],
      ['_ansible_parsed', true],
    ]);
    const once = callbackView(raw, 'command', false);
    assert.ok(pyEquals(callbackView(once, 'command', false), once));
    assert.deepEqual([...once.keys()], ['msg', '_ansible_no_log']);
  });
});
