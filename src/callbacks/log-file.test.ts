/**
 * The log file's records. The record layout is the one ansible-core 2.19 writes (seen in its
 * log file: `2026-11-30 08:09:16,337 p=18800 u=root n=ansible INFO| PLAY [localhost] ***`);
 * the whole-run behaviour is the golden case callback-log-path.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogFile, logLevel, logTimestamp, logUser, openLogFile, withoutColor, type LogLevel, type LogSink } from './log-file.js';
import { Display } from './display.js';
import { createCallback } from './index.js';
import type { HostCounts } from '../run/events.js';

const fixedNow = (): Date => new Date(2026, 0, 2, 3, 4, 5, 7);

function inTempDir(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'volant-log-'));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

class Records implements LogSink {
  readonly lines: [LogLevel, string][] = [];
  record(level: LogLevel, message: string): void {
    this.lines.push([level, message]);
  }
}

describe('log file records', () => {
  it('stamps local time with milliseconds after a comma, zero-padded', () => {
    assert.equal(logTimestamp(fixedNow()), '2026-01-02 03:04:05,007');
  });

  it('takes the level from the caplevel: errors, warnings, debug, else INFO', () => {
    assert.deepEqual([-1, -2, -3, 0, 2, undefined].map(logLevel), ['ERROR', 'WARNING', 'DEBUG', 'INFO', 'INFO', 'INFO']);
  });

  it('drops colour sequences and keeps other escapes', () => {
    assert.equal(withoutColor('\u001b[0;31m[ERROR]: x\u001b[0m\n\u001b[Kkept'), '[ERROR]: x\n\u001b[Kkept');
  });

  it('names the user from LOGNAME before USER', () => {
    assert.equal(logUser({ LOGNAME: 'deploy', USER: 'root' }), 'deploy');
    assert.equal(logUser({ USER: 'ops' }), 'ops');
  });

  it('writes one record a message: leading newlines dropped, a final newline leaves a blank line', () => {
    inTempDir((dir) => {
      const path = join(dir, 'a.log');
      const log = openLogFile(path, { USER: 'root' }, () => assert.fail('no warning expected'));
      assert.ok(log);
      const file = new LogFile((log as unknown as { fd: number }).fd, 'root', 42, fixedNow);
      file.record('INFO', '\nPLAY [x] ***');
      file.record('WARNING', '[WARNING]: careful\n');
      file.close();
      assert.equal(
        readFileSync(path, 'utf8'),
        '2026-01-02 03:04:05,007 p=42 u=root n=ansible INFO| PLAY [x] ***\n' +
          '2026-01-02 03:04:05,007 p=42 u=root n=ansible WARNING| [WARNING]: careful\n\n',
      );
    });
  });

  it('warns and goes on without a log for a folder or a path it cannot create', () => {
    inTempDir((dir) => {
      mkdirSync(join(dir, 'sub'));
      const warnings: string[] = [];
      assert.equal(openLogFile(join(dir, 'sub'), {}, (w) => warnings.push(w)), undefined);
      assert.equal(openLogFile(join(dir, 'missing', 'x.log'), {}, (w) => warnings.push(w)), undefined);
      assert.deepEqual(warnings, [
        `[WARNING]: DEFAULT_LOG_PATH can not be a directory '${join(dir, 'sub')}', aborting\n`,
        `[WARNING]: log file at '${join(dir, 'missing', 'x.log')}' is not writeable and we cannot create it, aborting\n\n`,
      ]);
    });
  });
});

describe('display and the log', () => {
  const make = (color = false) => {
    const log = new Records();
    const io = { out: '', err: '' };
    const options = { verbosity: 0, color, out: (t: string) => (io.out += t), err: (t: string) => (io.err += t), log };
    return { log, io, options };
  };

  it('logs what it shows, uncoloured, except screen-only text; log-only text is not shown', () => {
    const { log, io, options } = make(true);
    const display = new Display(options);
    display.display('ok: [h]', { color: 'ok' });
    display.display('', { screenOnly: true });
    display.display('plain', { logOnly: true });
    display.warning('careful');
    assert.deepEqual(log.lines, [
      ['INFO', 'ok: [h]'],
      ['INFO', 'plain'],
      ['WARNING', '[WARNING]: careful\n'],
    ]);
    assert.equal(io.out, '\x1b[0;32mok: [h]\x1b[0m\n\n');
  });

  it('logs the recap lines uncoloured while the screen shows them coloured', () => {
    const { log, io, options } = make(true);
    const cb = createCallback('default', options);
    const counts: HostCounts = { ok: 1, changed: 0, unreachable: 0, failures: 0, skipped: 0, rescued: 0, ignored: 0 };
    cb.stats?.({ hosts: new Set(['h']), summarize: () => counts, custom: new Map() } as never);
    const recap = log.lines.filter(([, m]) => m.startsWith('h '));
    assert.deepEqual(recap, [['INFO', 'h                          : ok=1    changed=0    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0   ']]);
    assert.ok(io.out.includes('\u001b[0;32mh\u001b[0m'), io.out);
    assert.equal(log.lines.some(([, m]) => m === ''), false, 'the blank line after the recap is screen-only');
  });
});
