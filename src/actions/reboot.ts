/**
 * reboot: 2.19's action, on the controller. It reads the host's boot id, runs the shutdown command
 * through the connection (as `_low_level_execute_command`: `/bin/sh -c`, become applied, a tty over
 * ssh), then polls the boot id through fresh connections until it changes and a test command
 * passes. Refused over `local`, where it would reboot the controller; in check mode it only says it
 * would. The host's agent died with the host, so the connection is reset before the next task.
 */
import { isStringLike, PyDate, pyRepr, pyStr, truthy, type Data } from '../core/data.js';
import { ConnectionError } from '../core/errors.js';
import { pythonInt } from '../core/python-int.js';
import type { Action, ActionContext } from '../run/action.js';
import { TaskError } from '../run/task-error.js';
import { checkValidArgs } from './valid-args.js';

const VALID_ARGS = ['boot_time_command', 'connect_timeout', 'msg', 'post_reboot_delay', 'pre_reboot_delay', 'reboot_command', 'reboot_timeout', 'search_paths', 'test_command'];
const DEFAULT_SEARCH_PATHS = ['/sbin', '/bin', '/usr/sbin', '/usr/bin', '/usr/local/sbin'];

/** The host's distribution as 2.19 keys its tables: name, name+major version, then family. */
interface Distribution {
  readonly name: string;
  readonly version: string;
  readonly family: string;
}

// What 2.19 runs where the defaults do not fit (by distribution name, name+version or family).
const BOOT_TIME_COMMANDS: Readonly<Record<string, string>> = {
  freebsd: '/sbin/sysctl kern.boottime',
  openbsd: '/sbin/sysctl kern.boottime',
  macosx: 'who -b',
  solaris: 'who -b',
  sunos: 'who -b',
  vmkernel: 'grep booted /var/log/vmksummary.log | tail -n 1',
  aix: 'who -b',
};
const SHUTDOWN_COMMANDS: Readonly<Record<string, string>> = { alpine: 'reboot', vmkernel: 'reboot' };
const SHUTDOWN_ARGS: Readonly<Record<string, string>> = {
  alpine: '',
  void: '-r +{delay_min} "{message}"',
  freebsd: '-r +{delay_sec}s "{message}"',
  macosx: '-r +{delay_min} "{message}"',
  openbsd: '-r +{delay_min} "{message}"',
  solaris: '-y -g {delay_sec} -i 6 "{message}"',
  sunos: '-y -g {delay_sec} -i 6 "{message}"',
  vmkernel: '-d {delay_sec}',
  aix: '-Fr',
};
const TEST_COMMANDS: Readonly<Record<string, string>> = { solaris: 'who', vmkernel: 'who' };

function forDistribution(table: Readonly<Record<string, string>>, d: Distribution, fallback: string): string {
  return table[d.name + d.version] ?? table[d.name] ?? table[d.family] ?? fallback;
}

/** A command option that must already be text (check_type_str without conversion). */
function textOption(ctx: ActionContext, name: string): string | undefined {
  const value = ctx.args.get(name);
  if (value === undefined || value === null) return undefined;
  if (!isStringLike(value)) throw new TaskError([{ message: `Invalid value given for '${name}': '${pyRepr(value)}' is not a string and conversion is not allowed.` }]);
  return pyStr(value);
}

/** A delay: int() of the option (or its `_sec` spelling), never below 0. */
function delay(ctx: ActionContext, name: string): number {
  const value = ctx.args.get(name) ?? ctx.args.get(`${name}_sec`);
  return value === undefined ? 0 : Math.max(0, pythonInt(value));
}

function searchPaths(ctx: ActionContext): Data[] {
  const value = ctx.args.has('search_paths') ? (ctx.args.get('search_paths') as Data) : DEFAULT_SEARCH_PATHS;
  if (Array.isArray(value)) return value;
  if (isStringLike(value)) return pyStr(value).split(',');
  if (typeof value === 'number' || typeof value === 'boolean') return [pyStr(value)];
  throw new TaskError([{ message: `'search_paths' must be a string or flat list of strings, got ${pyStr(value)}` }]);
}

const sleep = (seconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Python's str() of an aware UTC datetime, as the result's `start` holds it. */
function utcNow(): PyDate {
  const now = new Date();
  const micro = now.getUTCMilliseconds() * 1000;
  const fraction = micro === 0 ? '' : `.${String(micro).padStart(6, '0')}`;
  return new PyDate('datetime', `${now.toISOString().slice(0, 10)} ${now.toISOString().slice(11, 19)}${fraction}+00:00`);
}

class Reboot {
  private readonly label: string;

  constructor(private readonly ctx: ActionContext) {
    this.label = ctx.step.task.actionWritten;
  }

  /** A command through the connection as 2.19's low-level execute runs it. */
  async shell(command: string): Promise<{ rc: number; stdout: string; stderr: string }> {
    const r = await (await this.ctx.session()).runRaw(command, { executable: '/bin/sh' });
    return { rc: Number(r.get('rc') ?? 0), stdout: pyStr(r.get('stdout') ?? ''), stderr: pyStr(r.get('stderr') ?? '') };
  }

  async distribution(): Promise<Distribution> {
    const r = await this.ctx.runModule({ module: 'setup', args: new Map([['gather_subset', 'min']]) });
    if (truthy(r.get('failed') ?? false)) {
      throw new TaskError([{ message: `Failed to determine system distribution. ${pyStr(r.get('module_stdout') ?? '').trim()}, ${pyStr(r.get('module_stderr') ?? '').trim()}` }]);
    }
    const facts = r.get('ansible_facts');
    const fact = (key: string): string => {
      const value = facts instanceof Map ? facts.get(key) : undefined;
      if (value === undefined) throw new TaskError([{ message: `Failed to get distribution information. Missing "${key}" in output.` }]);
      return pyStr(value);
    };
    return { name: fact('ansible_distribution').toLowerCase(), version: fact('ansible_distribution_version').split('.')[0] ?? '', family: fact('ansible_os_family').toLowerCase() };
  }

  async bootTime(d: Distribution): Promise<string> {
    const command = (truthy(this.ctx.args.get('boot_time_command') ?? null) ? textOption(this.ctx, 'boot_time_command') : undefined) ?? forDistribution(BOOT_TIME_COMMANDS, d, 'cat /proc/sys/kernel/random/boot_id');
    const r = await this.shell(command);
    // NOTE: 2.19 strips an error's message, so the tty's closing "\r\n" goes.
    if (r.rc !== 0) throw new TaskError([{ message: `${this.label}: failed to get host boot time info, rc: ${r.rc}, stdout: ${r.stdout}, stderr: ${r.stderr}`.trim() }]);
    return r.stdout.trim();
  }

  async shutdownCommand(d: Distribution): Promise<string> {
    const written = textOption(this.ctx, 'reboot_command');
    let program: string;
    let args: string;
    if (written !== undefined) {
      const space = written.indexOf(' ');
      program = space < 0 ? written : written.slice(0, space);
      args = space < 0 ? '' : written.slice(space + 1);
    } else {
      program = forDistribution(SHUTDOWN_COMMANDS, d, 'shutdown');
      const pre = delay(this.ctx, 'pre_reboot_delay');
      const message = this.ctx.args.has('msg') ? pyStr(this.ctx.args.get('msg') as Data) : 'Reboot initiated by Ansible';
      args = forDistribution(SHUTDOWN_ARGS, d, '-r {delay_min} "{message}"')
        .replace(/\{delay_sec\}/g, String(pre))
        .replace(/\{delay_min\}/g, String(Math.floor(pre / 60)))
        .replace(/\{message\}/g, message);
    }
    return `${program.startsWith('/') ? program : await this.find(program)} ${args}`;
  }

  private async find(program: string): Promise<string> {
    const paths = searchPaths(this.ctx);
    const r = await this.ctx.runModule({ module: 'find', args: new Map<string, Data>([['paths', paths], ['patterns', [program]], ['file_type', 'any']]) });
    const files = r.get('files');
    const first = Array.isArray(files) && files[0] instanceof Map ? files[0].get('path') : undefined;
    if (first === undefined) throw new TaskError([{ message: `Unable to find command "${program}" in search paths: ${pyRepr(paths)}` }]);
    return pyStr(first);
  }

  /** Runs `attempt` until it passes or `timeout` seconds are over, backing off as 2.19 does. */
  async untilSuccess(what: string, timeout: number, attempt: () => Promise<void>): Promise<boolean> {
    const deadline = Date.now() + timeout * 1000;
    for (let failures = 0; Date.now() < deadline; failures++) {
      try {
        await attempt();
        return true;
      } catch (e) {
        // A host that went down leaves a dead agent and ssh master behind.
        if (e instanceof ConnectionError) await this.ctx.resetConnection().catch(() => undefined);
        const wait = Math.min(2 ** failures, 12) + Math.random();
        const error = (e instanceof Error ? e.message : String(e)).split('\n').at(-1) ?? '';
        this.ctx.display(`${this.label}: ${what} fail '${error}', retrying in ${wait.toFixed(4)} seconds...`, { verbosity: 3 });
        await sleep(wait);
      }
    }
    return false;
  }
}

export const reboot: Action = async (ctx) => {
  const label = ctx.step.task.actionWritten;
  if (ctx.connection() === 'local') {
    return new Map<string, Data>([['changed', false], ['elapsed', 0], ['rebooted', false], ['failed', true], ['msg', `Running ${label} with local connection would reboot the control node.`]]);
  }
  if (ctx.checkMode) return new Map<string, Data>([['changed', true], ['elapsed', 0], ['rebooted', true]]);
  checkValidArgs(ctx, VALID_ARGS);
  const run = new Reboot(ctx);
  const d = await run.distribution();
  let previous: string;
  try {
    previous = await run.bootTime(d);
  } catch (e) {
    return new Map<string, Data>([['failed', true], ['reboot', false], ['msg', e instanceof Error ? e.message : String(e)]]);
  }
  const command = await run.shutdownCommand(d);
  ctx.display(`${label}: rebooting server...`, { verbosity: 3 });
  let rebootResult = { rc: 0, stdout: '', stderr: '' };
  try {
    rebootResult = await run.shell(command);
  } catch {
    // The connection closed as the host went down: the reboot has begun.
  }
  const start = utcNow();
  const started = Date.now();
  const elapsed = (): number => Math.floor((Date.now() - started) / 1000);
  if (rebootResult.rc !== 0) {
    return new Map<string, Data>([
      ['start', start],
      ['failed', true],
      ['rebooted', false],
      ['msg', `Reboot command failed. Error was: '${rebootResult.stdout.trim()}, ${rebootResult.stderr.trim()}'`],
      ['elapsed', elapsed()],
    ]);
  }
  const post = delay(ctx, 'post_reboot_delay');
  if (post !== 0) {
    ctx.display(`${label}: waiting an additional ${post} seconds`, { verbosity: 3 });
    await sleep(post);
  }
  ctx.display(`${label}: validating reboot`, { verbosity: 3 });
  const timeout = pythonInt(ctx.args.get('reboot_timeout') ?? ctx.args.get('reboot_timeout_sec') ?? 600);
  const rebooted = await run.untilSuccess('last boot time check', timeout, async () => {
    ctx.display(`${label}: attempting to get system boot time`, { verbosity: 3 });
    const now = await run.bootTime(d);
    if (now.length === 0 || now === previous) throw new Error('boot time has not changed');
  });
  const tested =
    rebooted &&
    (await run.untilSuccess('post-reboot test command', timeout, async () => {
      ctx.display(`${label}: attempting post-reboot test command`, { verbosity: 3 });
      const command = ctx.args.has('test_command') ? pyStr(ctx.args.get('test_command') as Data) : forDistribution(TEST_COMMANDS, d, 'whoami');
      const r = await run.shell(command);
      if (r.rc !== 0) throw new Error(`Test command failed: ${r.stderr} ${r.stdout}`);
      ctx.display(`${label}: system successfully rebooted`, { verbosity: 3 });
    }));
  const seconds = elapsed();
  // The agent started before the reboot is gone: the next task starts a new one.
  await ctx.resetConnection();
  if (!tested) {
    const what = rebooted ? 'post-reboot test command' : 'last boot time check';
    return new Map<string, Data>([['failed', true], ['rebooted', true], ['msg', `Timed out waiting for ${what} (timeout=${timeout})`], ['elapsed', seconds]]);
  }
  return new Map<string, Data>([['rebooted', true], ['changed', true], ['elapsed', seconds]]);
};
