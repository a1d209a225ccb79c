/**
 * Golden pairs recorded from ansible-core 2.19 (test-fixtures/recorder/record.sh): the events
 * its callbacks received, replayed into Volant's callback, must print its stdout and stderr byte
 * for byte.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCallbacks, type CallbackOptions } from './index.js';
import { replay } from './test-fixtures/replay.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'golden');
const RECORDED_ROOT = '/tmp/volant-cb/';

interface VariantOptions extends Partial<CallbackOptions> {
  /** Output printed before callbacks load (parse-time warnings) cannot be replayed. */
  readonly compareStderr?: boolean;
  readonly callback?: string;
  /** Notification callbacks enabled beside the stdout one. */
  readonly enabled?: readonly string[];
}

function readSource(file: string): string | undefined {
  const local = file.startsWith(RECORDED_ROOT) ? join(GOLDEN, file.slice(RECORDED_ROOT.length)) : file;
  try {
    return readFileSync(local, 'utf8');
  } catch {
    return undefined;
  }
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The text from the line reading `line` (colour codes aside) on, or after it; all of it when absent. */
function fromLine(text: string, line: string, keep: boolean): string {
  let at = 0;
  for (const l of text.split(/(?<=\n)/)) {
    if (l.replace(ANSI, '') === `${line}\n`) return text.slice(keep ? at : at + l.length);
    at += l.length;
  }
  return text;
}

function optionsFor(dir: string): VariantOptions {
  const args = readFileSync(join(dir, 'args'), 'utf8');
  const v = /(?:^|\s)-(v+)(?:\s|$)/.exec(args);
  const extra = existsSync(join(dir, 'options.json')) ? (JSON.parse(readFileSync(join(dir, 'options.json'), 'utf8')) as VariantOptions) : {};
  return { verbosity: v?.[1]?.length ?? 0, checkMode: /(?:^|\s)(-C|--check)(?:\s|$)/.test(args), ...extra };
}

describe('callbacks/golden', () => {
  for (const name of readdirSync(GOLDEN).sort()) {
    const caseDir = join(GOLDEN, name);
    for (const variant of readdirSync(caseDir).sort()) {
      const dir = join(caseDir, variant);
      if (!existsSync(join(dir, 'rc'))) continue;
      if (!existsSync(join(dir, 'events.jsonl'))) {
        // A recording where ansible stopped before any callback (e.g. a YAML error) tests nothing here.
        it(`has events recorded for ${name}/${variant}`, () => assert.fail(`no events.jsonl in ${dir}: re-record it`));
        continue;
      }
      it(`prints what ansible-core prints for ${name}/${variant}`, () => {
        const opts = optionsFor(dir);
        let out = '';
        let err = '';
        const cb = createCallbacks(opts.callback ?? 'default', opts.enabled ?? [], {
          color: false,
          ...opts,
          verbosity: opts.verbosity ?? 0,
          out: (t) => (out += t),
          err: (t) => (err += t),
          readSource,
          now: () => new Date(0),
        });
        let expected = readFileSync(join(dir, 'stdout.txt'), 'utf8');
        // With -v the CLI first prints its version block (-vv) and where its config came from,
        // before any callback exists: that part is the CLI's, not the callback's.
        // At -vvv inventory parsing lines come too. The replay starts at the first recorded event.
        const events = readFileSync(join(dir, 'events.jsonl'), 'utf8');
        const first = JSON.parse(events.slice(0, events.indexOf('\n'))) as { event: string; msg?: string };
        if (first.event === 'verbose' && first.msg) expected = fromLine(expected, first.msg, true);
        else expected = fromLine(expected, 'No config file found; using defaults', false);
        // The json callback stamps durations with the clock: pin it, and the recording's times.
        if (opts.callback === 'json') expected = expected.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z"/g, '"1970-01-01T00:00:00Z"');
        // timer prints the run's duration: with the clock pinned it is zero.
        expected = expected.replace(/Playbook run took \d+ days, \d+ hours, \d+ minutes, \d+ seconds/g, 'Playbook run took 0 days, 0 hours, 0 minutes, 0 seconds');
        replay(events, cb);
        assert.equal(out, expected);
        if (opts.compareStderr !== false) assert.equal(err, readFileSync(join(dir, 'stderr.txt'), 'utf8'));
      });
    }
  }
});
