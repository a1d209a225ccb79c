// The kernel command line differs on every machine, so the local module case leaves it out;
// this keeps its parsing covered: ansible_cmdline keeps the last value of a repeated key,
// ansible_proc_cmdline gathers them into a list, a bare word is true, and a quote inside a word
// neither groups nor goes (setup splits as shlex does without POSIX rules, as ansible-core does).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runWithSetup } from './setup-python.js';

const LINE = 'console=tty0 console=ttyS0,115200 quiet root=UUID=ab-cd ro opt="a b" -- --flag x=1 x=2 x=3';

describe('setup: kernel command line', () => {
  it('parses it into cmdline and proc_cmdline', () => {
    const r = runWithSetup(
      `print(json.dumps([mod._parse_cmdline(sys.stdin.read(), False), mod._parse_cmdline(${JSON.stringify(LINE)}, True)]))`,
      { input: LINE },
    );
    assert.equal(r.status, 0, r.stderr);
    const [cmdline, proc] = JSON.parse(r.stdout) as [Record<string, unknown>, Record<string, unknown>];
    assert.deepEqual(cmdline, {
      console: 'ttyS0,115200', quiet: true, root: 'UUID=ab-cd', ro: true, opt: '"a', 'b"': true, '--': true, '--flag': true, x: '3',
    });
    assert.deepEqual(proc, {
      console: ['tty0', 'ttyS0,115200'], quiet: true, root: 'UUID=ab-cd', ro: true, opt: '"a', 'b"': true, '--': true,
      '--flag': true, x: ['1', '2', '3'],
    });
    // key order is the line's: facts print in it
    assert.deepEqual(Object.keys(cmdline), ['console', 'quiet', 'root', 'ro', 'opt', 'b"', '--', '--flag', 'x']);
  });
});
