/**
 * An agent that did not start over ssh or local (the become program or the interpreter missing, the
 * become program refusing): 2.19 runs each module (over ssh through a tty) and finds no JSON in what came back, so
 * the task fails with "Module result deserialization failed" (or "The module interpreter … was not
 * found") and the output as the tty gave it. The session stands for the agent for that task only.
 */
import { pyStr, type Data, type DataDict } from '../core/data.js';
import { controllerFailures } from '../run/async-job.js';
import { unstartedModuleResults } from '../run/unstarted-module.js';
import type { AgentSession, ConnectionSpec, ModuleResult } from '../run/transport.js';
import type { ExitInfo } from './agent-client.js';
import { rawResult, type RawRunner } from './agent-session.js';
import { AgentStartError } from './transport-errors.js';

/** The start failure, with the result 2.19 gives every module the host runs then. */
export class UnreadableStartError extends AgentStartError {
  constructor(
    readonly result: DataDict,
    readonly help: string,
    info: ExitInfo,
  ) {
    super(pyStr(result.get('msg') ?? ''), { rc: info.code, stdout: info.stdout, stderr: info.stderr });
  }
}

export function unreadableStart(info: ExitInfo, spec: ConnectionSpec): UnreadableStartError {
  // NOTE: through a tty, what the shell printed on stderr is output too, lines ending in \r\n.
  const output = withoutExec(info.stdout + info.stderr).replace(/\r?\n/g, '\r\n');
  // ssh says how the tty session ended: over 2.19's ControlPersist master, or a connection of its own.
  const multiplexed = spec.sshArgs === undefined || /ControlPersist/i.test(spec.sshArgs);
  const closed = `${multiplexed ? 'Shared connection' : 'Connection'} to ${spec.address} closed.\r\n`;
  return unreadable(info, spec.pythonInterpreter, output, closed);
}

/** The same over the local connection: no tty, so stdout and stderr stay apart as they were. */
export function localUnreadableStart(info: ExitInfo, interpreter: string | undefined): UnreadableStartError {
  return unreadable(info, interpreter, info.stdout, withoutExec(info.stderr));
}

/** The `exec ` before the interpreter in the shell's complaint is Volant's start command, not what 2.19 runs. */
function withoutExec(text: string): string {
  return text.replace(/^(\/bin\/sh: \d+: )exec: /gm, '$1');
}

function unreadable(info: ExitInfo, interpreter: string | undefined, stdout: string, stderr: string): UnreadableStartError {
  const notFound = interpreter !== undefined && new RegExp(`${escapeRegExp(interpreter)}: (?:No such file or directory|not found|command not found)`);
  const missing = notFound !== false && (notFound.test(stdout) || notFound.test(stderr));
  const msg = missing ? `The module interpreter '${interpreter}' was not found.` : 'Module result deserialization failed: No start of json char found';
  const help = `${missing ? 'Consider overriding the configured interpreter path for this host. ' : ''}See stdout/stderr for the returned output.`;
  const result = new Map<string, Data>([
    ['failed', true],
    ['msg', msg],
    ['exception', '(traceback unavailable)'],
    ['module_stdout', stdout],
    ['module_stderr', stderr],
    ['rc', info.code],
  ]);
  return new UnreadableStartError(result, help, info);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Answers every module with the start's failure; raw still runs through the connection. */
export class UnreadableStartSession implements AgentSession {
  constructor(
    private readonly error: UnreadableStartError,
    private readonly raw: RawRunner,
  ) {}

  runRaw(command: string, options: { executable?: string; timeout?: number } = {}): Promise<ModuleResult> {
    return rawResult(this.raw, command, options);
  }

  runModule(): Promise<ModuleResult> {
    const result = new Map(this.error.result);
    controllerFailures.set(result, [{ message: 'Action failed.' }, { message: pyStr(result.get('msg')), help: this.error.help }]);
    unstartedModuleResults.add(result);
    return Promise.resolve(result);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
