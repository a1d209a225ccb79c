/**
 * The task debugger (strategy `debug`, the `debugger:` keyword): a prompt after a task's result
 * where the user inspects and changes the task, its variables and its result, then redoes the
 * task, continues, or quits. Commands and output follow ansible's Debugger (a Python cmd.Cmd).
 */
import { strRepr, type Data, type DataDict, type DictKey } from '../../core/data.js';
import type { VarSource } from '../../template/api.js';
import type { Terminal } from '../terminal.js';
import { RunAborted } from '../run-aborted.js';
import { asData, evaluateLine, executeLine, isPyObject, PyException, type PyObject, type PyValue } from './py-expr.js';
import { pformat, sortedRepr } from './py-pformat.js';

export interface DebugTarget {
  readonly host: string;
  /** The task's name as the banner showed it. */
  readonly name: string;
  /** The role the task belongs to: ansible's str(task) is `TASK: role : name`. */
  readonly role?: string;
  readonly action: string;
  /** The arguments as the task ran with them (templated). */
  readonly args: DataDict;
  readonly vars: VarSource;
  readonly result: DataDict;
  /** `u`: the task's written arguments templated again with the (changed) variables. */
  rerender(vars: VarSource): DataDict;
  /** `u`: the task's written name templated again with the (changed) variables. */
  rename(vars: VarSource): string;
}

/** What the user chose: run the task again with these arguments, or go on with the result. */
export type DebugOutcome = { readonly action: 'redo'; readonly args: DataDict; readonly name: string } | { readonly action: 'continue' };

const HELP: Readonly<Record<string, string>> = {
  EOF: 'Quit',
  quit: 'Quit',
  q: 'Quit',
  continue: 'Continue to next result',
  c: 'Continue to next result',
  redo: 'Schedule task for re-execution. The re-execution may not be the next result',
  r: 'Schedule task for re-execution. The re-execution may not be the next result',
  update_task: 'Recreate the task from ``task._ds``, and template with updated ``task_vars``',
  u: 'Recreate the task from ``task._ds``, and template with updated ``task_vars``',
  pprint: 'Pretty Print',
  p: 'Pretty Print',
  help: 'List available commands with "help" or detailed help with "help cmd".',
  h: 'List available commands with "help" or detailed help with "help cmd".',
};

const COMMAND_LIST = 'EOF  c  continue  h  help  p  pprint  q  quit  r  redo  u  update_task';

/** A stand-in for a Python object's address, stable within a run. */
let nextAddress = 0x7f0000001000;
function address(): string {
  nextAddress += 0x50;
  return `0x${nextAddress.toString(16)}`;
}

/** task_vars: the host's variables, with what the user assigned on top. */
function taskVarsObject(base: VarSource, overrides: Map<string, Data>): PyObject & VarSource {
  const get = (name: string): Data | undefined => (overrides.has(name) ? overrides.get(name) : base.get(name));
  return {
    pyType: 'dict',
    repr: () => sortedRepr(asVarsDict()),
    getAttr: () => undefined,
    getItem: (key: DictKey): PyValue => {
      const v = typeof key === 'string' ? get(key) : undefined;
      if (v === undefined) throw new PyException('KeyError', sortedRepr(key));
      return v;
    },
    setItem: (key: DictKey, value: PyValue) => void overrides.set(String(key), asData(value)),
    asData: () => asVarsDict(),
    get,
    has: (name) => overrides.has(name) || base.has(name),
    keys: () => new Set([...base.keys(), ...overrides.keys()]),
  };
  function asVarsDict(): DataDict {
    const out: DataDict = new Map();
    for (const k of new Set([...base.keys(), ...overrides.keys()])) {
      const v = get(k);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  }
}

export class TaskDebugger {
  private readonly scope = new Map<string, PyValue>();
  private args: DataDict;
  private name: string;
  private readonly prompt: string;
  private readonly vars: PyObject & VarSource;
  private lastCommand = '';

  constructor(
    private readonly terminal: Terminal,
    private readonly target: DebugTarget,
  ) {
    this.args = new Map(target.args);
    this.name = target.name;
    this.prompt = `[${target.host}] ${this.label()} (debug)> `;
    this.vars = taskVarsObject(target.vars, new Map());
    const host: PyObject = { pyType: 'Host', repr: () => target.host, getAttr: (n) => (n === 'name' ? target.host : undefined) };
    const task = this.taskObject();
    const resultAddress = address();
    const result: PyObject = {
      pyType: '_RawTaskResult',
      repr: () => `<ansible.executor.task_result._RawTaskResult object at ${resultAddress}>`,
      getAttr: (n) => (n === '_return_data' ? target.result : n === '_host' || n === 'host' ? host : n === '_task' || n === 'task' ? task : undefined),
    };
    const contextAddress = address();
    const playContext: PyObject = { pyType: 'PlayContext', repr: () => `<ansible.playbook.play_context.PlayContext object at ${contextAddress}>`, getAttr: () => undefined };
    this.scope.set('task', task);
    this.scope.set('task_vars', this.vars);
    this.scope.set('host', host);
    this.scope.set('play_context', playContext);
    this.scope.set('result', result);
  }

  private taskObject(): PyObject {
    const target = this.target;
    return {
      pyType: 'Task',
      repr: () => this.label(),
      getAttr: (n) => (n === 'args' ? this.args : n === 'name' ? this.name : n === 'action' ? target.action : undefined),
      setAttr: (n, v) => {
        if (n !== 'args' || isPyObject(v) || !(v instanceof Map)) return false;
        this.args = v;
        return true;
      },
    };
  }

  private label(): string {
    return `TASK: ${this.target.role === undefined ? '' : `${this.target.role} : `}${this.name}`;
  }

  /** Reads commands until one ends the session. */
  async run(): Promise<DebugOutcome> {
    for (;;) {
      const read = await this.terminal.readLine(this.prompt);
      let line = read === undefined ? 'EOF' : read.trim();
      if (line === '') {
        // cmd.Cmd repeats the last command on an empty line.
        if (this.lastCommand === '') continue;
        line = this.lastCommand;
      }
      this.lastCommand = line === 'EOF' ? '' : line;
      const outcome = this.command(line);
      if (outcome) return outcome;
    }
  }

  private command(line: string): DebugOutcome | undefined {
    if (line.startsWith('?')) line = `help ${line.slice(1)}`;
    const name = /^[A-Za-z0-9_]*/.exec(line)?.[0] ?? '';
    const arg = line.slice(name.length).trim();
    switch (name) {
      case 'EOF':
      case 'q':
      case 'quit':
        this.terminal.display('User interrupted execution');
        throw new RunAborted();
      case 'c':
      case 'continue':
        return { action: 'continue' };
      case 'r':
      case 'redo':
        return { action: 'redo', args: this.args, name: this.name };
      case 'u':
      case 'update_task':
        this.args = this.target.rerender(this.vars);
        this.name = this.target.rename(this.vars);
        return undefined;
      case 'p':
      case 'pprint':
        this.pprint(arg);
        return undefined;
      case 'h':
      case 'help':
        this.help(arg);
        return undefined;
      default:
        this.execute(line);
        return undefined;
    }
  }

  private pprint(expression: string): void {
    try {
      const value = evaluateLine(expression, this.scope);
      this.terminal.display(isPyObject(value) && !value.asData ? value.repr() : pformat(asData(value)));
    } catch (e) {
      this.showError(e);
    }
  }

  /** Anything else is a Python statement; a bare expression echoes its repr, as exec's 'single' mode does. */
  private execute(line: string): void {
    try {
      const value = executeLine(line, this.scope);
      if (value !== undefined && value !== null) this.terminal.display(isPyObject(value) ? value.repr() : sortedRepr(value));
    } catch (e) {
      this.showError(e);
    }
  }

  private showError(e: unknown): void {
    if (e instanceof PyException) this.terminal.display(`***${e.pyName}:${e.pyName}(${e.argsRepr})`);
    else this.terminal.display(`***Exception:Exception(${strRepr(e instanceof Error ? e.message : String(e))})`);
  }

  private help(topic: string): void {
    if (topic === '') {
      this.terminal.display(`\nDocumented commands (type help <topic>):\n${'='.repeat(40)}\n${COMMAND_LIST}\n\n`);
      return;
    }
    this.terminal.display(HELP[topic] ?? `*** No help on ${topic}`);
  }
}
