/**
 * Golden pairs recorded from ansible-core 2.19 (test-fixtures/recorder/record.sh): the events
 * its callbacks received, replayed into Volant's callback, must print its stdout and stderr byte
 * for byte.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { callbackLoadNotices, createCallbacks, type CallbackOptions } from './index.js';
import { replay } from './test-fixtures/replay.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'golden');
const RECORDED_ROOT = '/tmp/volant-cb/';
// The json, timer and profile_tasks recordings were made with ansible.posix's plugins beside the
// oracle (recorder/record.sh): replayed as where that collection is installed.
const RECORDED_WITH_POSIX = (fqcn: string): boolean => fqcn.startsWith('ansible.posix.');

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

function normalizeProfile(text: string): string {
  return text
    .replace(/^(\S+ \d\d \S+ \d{4} {2})\d\d:\d\d:\d\d( [+-]\d{4} )\(\d+:\d\d:\d\d\.\d{3}\)( {7})\d+:\d\d:\d\d\.\d{3}( \*+ )$/gm, '$1HH:MM:SS$2(H:MM:SS.mmm)$3H:MM:SS.mmm$4')
    .replace(/^(.+?) -+ \d+\.\d\ds$/gm, '$1 <ELAPSED>');
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
        const events = readFileSync(join(dir, 'events.jsonl'), 'utf8');
        // profile_tasks reads the clock at every task: replay it at the recorded times.
        const profiling = opts.enabled?.includes('profile_tasks') ?? false;
        const firstTime = (JSON.parse(events.slice(0, events.indexOf('\n'))) as { t?: number }).t ?? 0;
        let clock = new Date(profiling ? firstTime * 1000 : 0);
        let out = '';
        let err = '';
        // junit writes its report to a folder: a fresh one, compared with the recorded report below.
        const junitDir = opts.enabled?.includes('junit') ? mkdtempSync(join(tmpdir(), 'volant-junit-')) : undefined;
        const cb = createCallbacks(opts.callback ?? 'default', opts.enabled ?? [], {
          ...(junitDir ? { junit: { outputDir: junitDir } } : {}),
          color: false,
          ...opts,
          verbosity: opts.verbosity ?? 0,
          out: (t) => (out += t),
          err: (t) => (err += t),
          readSource,
          now: () => clock,
        }, RECORDED_WITH_POSIX);
        let expected = readFileSync(join(dir, 'stdout.txt'), 'utf8');
        // With -v the CLI first prints its version block (-vv) and where its config came from,
        // before any callback exists: that part is the CLI's, not the callback's.
        // At -vvv inventory parsing lines come too. The replay starts at the first recorded event.
        const first = JSON.parse(events.slice(0, events.indexOf('\n'))) as { event: string; msg?: string };
        if (first.event === 'verbose' && first.msg) expected = fromLine(expected, first.msg, true);
        else expected = fromLine(expected, 'No config file found; using defaults', false);
        // The json callback stamps durations with the clock: pin it, and the recording's times.
        if (opts.callback === 'json') expected = expected.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z"/g, '"1970-01-01T00:00:00Z"');
        // timer prints the run's duration, which the replay cannot know: compare the words.
        const timerLine = /Playbook run took \d+ days, \d+ hours, \d+ minutes, \d+ seconds/g;
        const timerWords = 'Playbook run took D days, H hours, M minutes, S seconds';
        expected = expected.replace(timerLine, timerWords);
        // What ansible prints as it loads the callbacks, the CLI prints at the same point.
        for (const notice of callbackLoadNotices(opts.callback ?? 'default', opts.enabled ?? [], RECORDED_WITH_POSIX)) {
          // NOTE: the recordings load json, timer and profile_tasks from a plugin folder, which
          // ansible finds without the -vv redirect line it prints for the collection's plugins.
          if ('warning' in notice) cb.warning?.(notice.warning);
          else if ('deprecation' in notice) cb.deprecation?.(notice.deprecation);
        }
        replay(events, cb, profiling ? (t) => (clock = new Date(t * 1000)) : undefined);
        if (profiling) {
          // Times differ by the microseconds between two callbacks: compare the lines' shape and the task order.
          out = normalizeProfile(out);
          expected = normalizeProfile(expected);
        }
        out = out.replace(timerLine, timerWords);
        assert.equal(out, expected);
        if (opts.compareStderr !== false) assert.equal(err, readFileSync(join(dir, 'stderr.txt'), 'utf8'));
        if (junitDir) {
          // The report's times are the callback's own clock readings: compare everything else.
          const report = (folder: string): string => readdirSync(folder).map((f) => readFileSync(join(folder, f), 'utf8').replace(/ time="[^"]*"/g, ' time="T"')).join('');
          assert.equal(report(junitDir), report(join(dir, 'junit')));
          rmSync(junitDir, { recursive: true });
        }
      });
    }
  }
});
