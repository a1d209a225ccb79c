import { writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { pyRepr, pyStr, truthy, type DataDict } from '../core/data.js';
import { makeDirsSync } from '../core/make-dirs.js';
import type { Callback, HostResult, PlayInfo, TaskInfo } from '../run/events.js';
import type { CallbackOptions } from './callback-options.js';
import { callbackView } from './format/callback-view.js';
import { dumpResult } from './format/dump-result.js';
import { briefMessage, eventTraceback } from './format/event-message.js';
import { decimalFromFloat, decimalString, decimalSum, type PyDecimal } from './format/py-decimal.js';
import { prettyXml, type XmlElement } from './format/pretty-xml.js';
import { displayedTaskName, taskKey } from './format/task-identity.js';

/** The junit callback's settings: ansible reads them from JUNIT_* environment variables only. */
export interface JunitOptions {
  readonly outputDir: string;
  readonly taskClass?: boolean;
  readonly taskRelativePath?: string;
  readonly replaceOutOfTreePath?: string;
  readonly failOnChange?: boolean;
  readonly failOnIgnore?: boolean;
  readonly includeSetupTasksInReport?: boolean;
  readonly hideTaskArguments?: boolean;
  readonly testCasePrefix?: string;
}

type Status = 'ok' | 'failed' | 'skipped' | 'included';

interface HostData {
  readonly status: Status;
  readonly finish: number;
  readonly result?: HostResult;
  /** An include's line(s): `file (args={} vars={…}): [hosts]`. */
  included?: string;
}

interface TaskData {
  readonly name: string;
  readonly path: string;
  readonly play: string;
  readonly action: string;
  readonly start: number;
  readonly hosts: Map<string, HostData>;
}

const SETUP_ACTIONS = new Set(['setup', 'ansible.builtin.setup', 'ansible.legacy.setup']);

/** Python's repr of a float (time.time()): integral values keep their `.0`. */
function floatRepr(x: number): string {
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

/**
 * ansible-core's `junit` aggregate callback (callbacks_enabled=junit): records each host's result
 * per task and, after the recap, writes `<playbook>-<time>.xml` in JUNIT_OUTPUT_DIR. A task whose
 * name holds EXPECTED FAILURE passes when it fails; TOGGLE RESULT swaps pass and fail.
 */
export class JunitCallback implements Callback {
  private readonly options: JunitOptions;
  private readonly verbosity: number;
  private readonly now: () => Date;
  private readonly tasks = new Map<string, TaskData>();
  private playbookName = '';
  private playName = '';
  private current: TaskData | undefined;

  constructor(options: CallbackOptions) {
    this.options = options.junit ?? { outputDir: join(process.env.HOME ?? '~', '.ansible.log') };
    this.verbosity = options.verbosity;
    this.now = options.now ?? (() => new Date());
    makeDirsSync(this.options.outputDir);
  }

  private seconds(): number {
    return this.now().getTime() / 1000;
  }

  playbookStart(file: string): void {
    this.playbookName = basename(file, extname(file));
  }

  playStart(play: PlayInfo): void {
    this.playName = play.name;
  }

  taskStart(task: TaskInfo): void {
    const id = taskKey(task);
    const known = this.tasks.get(id);
    if (known) {
      this.current = known;
      return;
    }
    let name = displayedTaskName(task);
    if (!(task.noLogWritten ?? task.noLog) && !this.options.hideTaskArguments && task.args) {
      const args = [...task.args].map(([k, v]) => `${pyStr(k)}=${pyStr(v)}`).join(', ');
      if (args) name += ` ${args}`;
    }
    const path = task.loc.file ? `${task.loc.file}:${task.loc.line}` : '';
    this.current = { name, path, play: this.playName, action: task.actionWritten || task.action, start: this.seconds(), hosts: new Map() };
    this.tasks.set(id, this.current);
  }

  handlerTaskStart(task: TaskInfo): void {
    this.taskStart(task);
  }

  runnerOk(r: HostResult): void {
    this.finish(r, 'ok');
  }

  runnerFailed(r: HostResult): void {
    this.finish(r, r.ignored && !this.options.failOnIgnore ? 'ok' : 'failed');
  }

  runnerSkipped(r: HostResult): void {
    this.finish(r, 'skipped');
  }

  include(file: string, hosts: readonly string[], item?: DataDict): void {
    const task = this.current;
    if (!task) return;
    const line = `${file} (args={} vars=${pyRepr(item ?? new Map())}): [${hosts.join(', ')}]`;
    const earlier = task.hosts.get('include');
    // Every item's include adds a line to the one `[include]` test case of the task.
    if (earlier?.included !== undefined) earlier.included += `\n${line}`;
    else if (this.recorded(task, 'included')) task.hosts.set('include', { status: 'included', finish: this.seconds(), included: line });
  }

  private finish(r: HostResult, initial: Status): void {
    const task = this.tasks.get(taskKey(r.task)) ?? this.current;
    if (!task) return;
    let status = initial;
    if (this.options.failOnChange && status === 'ok' && truthy(r.result.get('changed') ?? false)) status = 'failed';
    if (status === 'failed' && task.name.includes('EXPECTED FAILURE')) status = 'ok';
    else if (task.name.includes('TOGGLE RESULT')) status = status === 'failed' ? 'ok' : status === 'ok' ? 'failed' : status;
    // NOTE: ansible raises on a second result for the same host and task; the first one stays.
    if (this.recorded(task, status) && !task.hosts.has(r.host)) task.hosts.set(r.host, { status, finish: this.seconds(), result: r });
  }

  private recorded(task: TaskData, status: Status): boolean {
    return task.name.startsWith(this.options.testCasePrefix ?? '') || status === 'failed';
  }

  stats(): void {
    const cases: { element: XmlElement; time: PyDecimal; failed: boolean; error: boolean; skipped: boolean }[] = [];
    for (const task of this.tasks.values()) {
      if (SETUP_ACTIONS.has(task.action) && this.options.includeSetupTasksInReport === false) continue;
      for (const [host, data] of task.hosts) cases.push(this.testCase(task, host, data));
    }
    const time = decimalString(decimalSum(cases.map((c) => c.time)));
    const count = (pick: (c: (typeof cases)[number]) => boolean): string => String(cases.filter(pick).length);
    const totals: [string, string][] = [['disabled', '0'], ['errors', count((c) => c.error)], ['failures', count((c) => c.failed)]];
    const suite: XmlElement = {
      tag: 'testsuite',
      attributes: [...totals, ['name', this.playbookName], ['skipped', count((c) => c.skipped)], ['tests', String(cases.length)], ['time', time]],
      children: cases.map((c) => c.element),
    };
    const root: XmlElement = { tag: 'testsuites', attributes: [...totals, ['tests', String(cases.length)], ['time', time]], children: [suite] };
    writeFileSync(join(this.options.outputDir, `${this.playbookName}-${floatRepr(this.seconds())}.xml`), prettyXml(root));
  }

  private classname(path: string): string {
    let name = this.options.taskRelativePath && path ? relative(this.options.taskRelativePath, path) : path;
    if (this.options.replaceOutOfTreePath !== undefined && name.startsWith('../')) name = this.options.replaceOutOfTreePath + basename(name);
    if (this.options.taskClass) name = name.replace(/\.yml:[0-9]+$/, '');
    return name;
  }

  private testCase(task: TaskData, host: string, data: HostData): { element: XmlElement; time: PyDecimal; failed: boolean; error: boolean; skipped: boolean } {
    const time = decimalFromFloat(data.finish - task.start);
    const attributes: [string, string][] = [['classname', this.classname(task.path)], ['name', `[${host}] ${task.play}: ${task.name}`], ['time', decimalString(time)]];
    const made = (children: XmlElement[], flags: { failed?: boolean; error?: boolean; skipped?: boolean } = {}) => ({
      element: { tag: 'testcase', attributes, children },
      time,
      failed: Boolean(flags.failed),
      error: Boolean(flags.error),
      skipped: Boolean(flags.skipped),
    });
    const systemOut = (text: string): XmlElement[] => (text ? [{ tag: 'system-out', attributes: [], text }] : []);
    if (data.status === 'included' || !data.result) return made(systemOut(data.included ?? ''));
    const r = data.result;
    const result = callbackView(r.result, r.task.actionWritten || r.task.action, r.task.noLog);
    const dump = dumpResult(result, { verbosity: this.verbosity, indent: 0 });
    if (data.status === 'ok') return made(systemOut(dump));
    if (data.status === 'skipped') {
      const reason = result.has('skip_reason') ? pyStr(result.get('skip_reason')) : 'skipped';
      return made(reason ? [{ tag: 'skipped', attributes: [], text: reason }] : [], { skipped: Boolean(reason) });
    }
    if (r.error) {
      return made([{ tag: 'error', attributes: [['message', briefMessage(r.error)], ['type', 'error']], text: eventTraceback(r.error) }], { error: true });
    }
    const message = result.has('msg') ? pyStr(result.get('msg')) : `rc=${pyStr(result.get('rc') ?? 0)}`;
    return made([{ tag: 'failure', attributes: [['message', message], ['type', 'failure']], text: dump }], { failed: true });
  }
}
