/**
 * One agent on one host as one user (AgentSession): module calls, raw commands, file transfer.
 */
import { moduleCauses, moduleWarningEvents } from '../run/module-causes.js';
import { controllerFailures } from '../run/async-job.js';
import { timeoutResult } from '../run/task-timeout.js';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { isDict, pyStr, type Data, type DataDict } from '../core/data.js';
import type { AgentSession, ModuleRequest, ModuleResult } from '../run/transport.js';
import type { DisplayEvent } from '../run/events.js';
import { cleanModuleResult } from './module-result-cleanup.js';
import type { AgentClient } from './agent-client.js';
import { loadDependencySources, loadModuleSource } from './agent-sources.js';
import { loadFrame } from './load-frames.js';
import { CHUNK_SIZE, hashLocalFile, keepReceived, readRemote, receiveFile, sendFile, type AgentRequest } from './file-chunks.js';
import type { Connection } from './connection.js';
import { pySplitlines } from './py-splitlines.js';
import { RequestTimeoutError } from './transport-errors.js';
import { shellQuote } from './shell-quote.js';

/** The script action's command line as the task wrote it, and the script's name in it. */
export interface ScriptLine {
  command: string;
  name: string;
}

/** Options the template action consumes while rendering (the copy module never sees them). */
const TEMPLATE_ONLY = [
  'src',
  'newline_sequence',
  'block_start_string',
  'block_end_string',
  'variable_start_string',
  'variable_end_string',
  'comment_start_string',
  'comment_end_string',
  'trim_blocks',
  'lstrip_blocks',
  'output_encoding',
];

/** Inline content (base64) above one transfer piece is sent ahead as a file. */
const STAGE_ABOVE_B64 = Math.ceil(CHUNK_SIZE / 3) * 4;

/** Modules Ansible runs through an action plugin: their messages name them `ansible.legacy.X`. */
const LEGACY_NAMED = new Set(['assemble', 'command', 'copy', 'fetch', 'template', 'script', 'unarchive', 'uri', 'async_status']);

export interface RawRunner {
  (command: string, options: { executable?: string; timeout?: number }): Promise<{ rc: number; stdout: string; stderr: string }>;
}

/** The raw module's result: the command through the connection, no agent involved. */
export async function rawResult(raw: RawRunner, command: string, options: { executable?: string; timeout?: number }): Promise<ModuleResult> {
  let out: { rc: number; stdout: string; stderr: string };
  try {
    out = await raw(command, options);
  } catch (error) {
    if (error instanceof RequestTimeoutError) return timeoutResult(error.seconds);
    throw error;
  }
  const result: ModuleResult = new Map<string, Data>([
    ['changed', true],
    ['rc', out.rc],
    ['stderr', out.stderr],
    ['stdout', out.stdout],
  ]);
  if (out.rc !== 0) {
    result.set('failed', true);
    result.set('msg', 'non-zero return code');
  }
  return addOutputLines(result);
}

/** Actions whose work is another module's on the host: runModule redirects them there. */
const MODULE_OF_ACTION = { template: 'copy', shell: 'command' } as const;
const moduleOfAction: Readonly<Record<string, string>> = MODULE_OF_ACTION;

export class VolantAgentSession implements AgentSession {
  private readonly sentModules = new Set<string>();
  /** The modules the running play's tasks name (see expectActions). */
  private expected: readonly string[] = [];

  constructor(
    readonly client: AgentClient,
    readonly connection: Connection,
    private readonly raw: RawRunner,
    preloaded: readonly string[],
    private readonly onClose: () => void,
    /** The folder 2.19 would put the task's uploads in, when the agent's own ~/.ansible/tmp is not it. */
    private readonly taskTmpBase?: string,
    /** 2.19 hands the module no task temp folder: it makes its own under remote_tmp (runtime.run_module's own_tmp). */
    private readonly moduleOwnTmp = false,
    /** remote_tmp when not ~/.ansible/tmp: where a module makes its own temp folder. */
    private readonly remoteTmp?: string,
    /** What a module asking for a tty sees of it (see ModuleRequest.tty): TERM, and whether SSH_TTY. */
    private readonly terminal: { readonly term: string | null; readonly sshTty: boolean } = { term: null, sshTty: true },
  ) {
    for (const name of preloaded) this.sentModules.add(name);
  }

  get alive(): boolean {
    return this.client.alive;
  }

  /**
   * The actions the running play names (Transport.expectActions). Their modules go to the agent
   * with the first module it is sent, so it can import what they import while it would otherwise
   * wait: under linear, for the other hosts' logins (the agent's warm-up, see agent.py).
   */
  expectActions(actions: readonly string[]): void {
    this.expected = [...new Set(actions.map((action) => moduleOfAction[action] ?? action))];
  }

  async runModule(request: ModuleRequest): Promise<ModuleResult> {
    if (request.module === 'template') {
      // NOTE: Ansible's template action renders on the controller, then runs the copy module with
      // the result; the caller passes the rendered bytes as `_volant_content_b64`.
      const args = new Map(request.args);
      const src = args.get('src');
      for (const key of TEMPLATE_ONLY) args.delete(key);
      if (!args.has('_original_basename') && typeof src === 'string') args.set('_original_basename', basename(src));
      return this.runModule({ ...request, module: MODULE_OF_ACTION.template, args });
    }
    if (request.module === 'shell') {
      // NOTE: Ansible's shell is an action plugin that runs the command module with _uses_shell,
      // refusing first the one option only command has.
      if (request.args.has('expand_argument_vars')) {
        const msg = 'Unsupported parameters for (shell) module: expand_argument_vars';
        const refused = new Map<string, Data>([['failed', true], ['msg', msg]]);
        controllerFailures.set(refused, [{ message: msg }]);
        return refused;
      }
      const args = new Map(request.args);
      args.set('_uses_shell', true);
      return this.runModule({ ...request, module: MODULE_OF_ACTION.shell, args });
    }
    let args = request.args;
    if (LEGACY_NAMED.has(request.module) && !args.has('_ansible_module_name')) {
      args = new Map(args);
      args.set('_ansible_module_name', `ansible.legacy.${request.module}`);
    }
    const inline = args.get('_volant_content_b64');
    if (request.module === 'copy' && typeof inline === 'string' && inline.length > STAGE_ABOVE_B64) {
      // NOTE: large bytes (a rendered template, assembled fragments) go ahead in pieces, so the
      // module's request stays small and the host reads them from a file, as Ansible uploads them.
      const staged = `~/.ansible/tmp/volant-staged-${randomBytes(8).toString('hex')}`;
      await sendFile(this.request, Buffer.from(inline, 'base64'), staged);
      args = new Map(args);
      args.delete('_volant_content_b64');
      args.set('_volant_staged', staged);
    }
    const fields: DataDict = new Map<string, Data>([
      ['module', request.module],
      ['args', args],
      ['check', request.checkMode],
      ['diff', request.diff],
      ['no_log', request.noLog ?? false],
    ]);
    // (where the task's temp folder goes: copy's result names the file uploaded there)
    if (this.taskTmpBase !== undefined) fields.set('tmp', this.taskTmpBase);
    if (this.moduleOwnTmp) fields.set('own_tmp', true);
    if (this.remoteTmp !== undefined) fields.set('remote_tmp', this.remoteTmp);
    if (request.environment !== undefined && request.environment.size > 0) {
      fields.set('env', new Map<string, Data>([...request.environment]));
    }
    if (request.tty === true) {
      fields.set('tty', new Map<string, Data>([['term', this.terminal.term], ['ssh_tty', this.terminal.sshTty]]));
    }
    if (!this.sentModules.has(request.module)) {
      // NOTE: a module's source goes just ahead of its first request, in a frame of its own the
      // agent reads before the request (measured: no extra round trip, and the agent starts with a
      // smaller payload than when every module is sent up front). The play's other modules go
      // with it, for the agent's warm-up.
      const source = await loadModuleSource(request.module);
      if (source === undefined) {
        return new Map<string, Data>([
          ['failed', true],
          ['msg', `The module ${request.module} was not found in configured module paths`],
        ]);
      }
      const sources = new Map<string, string>([[request.module, source]]);
      for (const name of this.expected) {
        if (sources.has(name) || this.sentModules.has(name)) continue;
        const expected = await loadModuleSource(name);
        if (expected !== undefined) sources.set(name, expected);
      }
      // So do the helper modules and other modules they need that the agent does not have yet.
      for (const name of [...sources.keys()]) {
        for (const [dependency, text] of await loadDependencySources(name)) if (!sources.has(dependency)) sources.set(dependency, text);
      }
      const unsent = [...sources].filter(([name]) => !this.sentModules.has(name));
      this.client.send(loadFrame(unsent));
      for (const [name] of unsent) this.sentModules.add(name);
    }
    const isAsync = request.asyncSeconds !== undefined && request.asyncSeconds > 0;
    if (isAsync) fields.set('async_seconds', request.asyncSeconds ?? 0);
    let result: Data;
    try {
      result = await this.client.request(isAsync ? 'async' : 'module', fields, isAsync ? undefined : request.timeout);
    } catch (error) {
      if (error instanceof RequestTimeoutError) return timeoutResult(error.seconds);
      throw error;
    }
    if (!isDict(result)) throw new Error(`volant: the agent returned a non-dict result for ${request.module}`);
    if (result.get('volant_missing_module') === true) result.delete('volant_missing_module');
    // The Python exception behind a failure is for the error display, not the result.
    const cause = result.get('_volant_cause');
    if (typeof cause === 'string') moduleCauses.set(result, cause);
    result.delete('_volant_cause');
    const warningCauses = result.get('_volant_warning_causes');
    result.delete('_volant_warning_causes');
    if (Array.isArray(warningCauses)) moduleWarningEvents.set(result, warningEvents(warningCauses));
    if (result.get('_volant_action_failed') === true) {
      // A library module that exited without its result: the controller's failure to read one.
      result.delete('_volant_action_failed');
      controllerFailures.set(result, [{ message: 'Action failed.' }, { message: pyStr(result.get('msg')), help: 'See stdout/stderr for the returned output.' }]);
    }
    if (result.get('_volant_task_failed') === true) {
      // A failure ansible's controller has before the module runs (a library module's missing module_utils).
      result.delete('_volant_task_failed');
      controllerFailures.set(result, [{ message: pyStr(result.get('msg')).replace(/^Task failed: /, '') }]);
    }
    return addOutputLines(cleanModuleResult(result));
  }

  runRaw(command: string, options: { executable?: string; timeout?: number } = {}): Promise<ModuleResult> {
    return rawResult(this.raw, command, options);
  }

  /** Where 2.19 would make this task's remote temp folder (see taskTmpBase): `~` is the agent's own home. */
  taskTmpFolder(): string {
    return this.taskTmpBase ?? '~/.ansible/tmp';
  }

  async putFile(localPath: string, remotePath: string): Promise<void> {
    await sendFile(this.request, localPath, remotePath);
  }

  /** Writes `content` (bytes) to a file on the host, atomically (temp file, then rename). */
  async putBytes(remotePath: string, content: Buffer, mode?: number): Promise<void> {
    await sendFile(this.request, content, remotePath, mode);
  }

  /** Reads a file on the host. */
  readBytes(remotePath: string): Promise<Buffer> {
    return readRemote(this.request, remotePath);
  }

  private readonly request: AgentRequest = (op, fields) => this.client.request(op, fields);

  /**
   * The fetch action's transfer: reads `remotePath` on the host and writes `localPath` (whose
   * directories are created) unless it already has the same content. Returns 2.19's fetch result
   * (the caller computes `localPath` from dest / flat / the host name). The bytes come in pieces
   * into a temp file beside `localPath`, which replaces it once the checksum matches.
   * `checkLocal` runs once the host has a file to send, before anything local is read: 2.19
   * reports a missing or directory source before a bad local dest.
   */
  async fetchFile(remotePath: string, localPath: string, checkLocal?: () => void): Promise<DataDict> {
    const answer = await this.client.request('fetch', new Map<string, Data>([['path', remotePath], ['chunked', true]]));
    if (!isDict(answer)) throw new Error('volant: bad fetch answer');
    if (answer.get('isdir') === true) {
      return new Map<string, Data>([
        ['changed', false],
        ['failed', true],
        ['msg', 'remote file is a directory, fetch cannot work on directories'],
      ]);
    }
    if (answer.get('missing') === true) {
      return new Map<string, Data>([
        ['changed', false],
        ['failed', true],
        ['msg', 'the remote file does not exist, not transferring, ignored'],
        // NOTE: 2.19 shows the slurp invocation it used to look for the file.
        ['invocation', new Map<string, Data>([['module_args', new Map<string, Data>([['src', remotePath]])]])],
      ]);
    }
    checkLocal?.();
    const remoteChecksum = String(answer.get('checksum'));
    const local = await hashLocalFile(localPath);
    if (local !== undefined && local.sha1 === remoteChecksum) {
      return new Map<string, Data>([
        ['changed', false],
        ['checksum', remoteChecksum],
        ['dest', localPath],
        ['file', remotePath],
        ['md5sum', local.md5],
      ]);
    }
    const received = await receiveFile(this.request, remotePath, localPath, Number(answer.get('size') ?? 0));
    if (received.sha1 !== remoteChecksum) {
      // NOTE: the file changed on the host while it was read; 2.19 fails the same way.
      await rm(received.tmp, { force: true });
      return new Map<string, Data>([
        ['failed', true],
        ['msg', 'checksum mismatch'],
        ['file', remotePath],
        ['dest', localPath],
        ['remote_md5sum', null],
        ['checksum', received.sha1],
        ['remote_checksum', remoteChecksum],
      ]);
    }
    await keepReceived(received, localPath);
    return new Map<string, Data>([
      ['changed', true],
      ['checksum', remoteChecksum],
      ['dest', localPath],
      ['md5sum', received.md5],
      ['remote_checksum', remoteChecksum],
      ['remote_md5sum', null],
    ]);
  }

  /**
   * The script action: sends a controller file to a private temp dir on the host, runs it through
   * the connection (a tty over ssh, as raw), removes it. `line` is the task's command line and the
   * script's name in it; `creates` / `removes` are checked on the host first, as Ansible does.
   */
  async runScript(
    localPath: string,
    line: ScriptLine,
    options: { creates?: string; removes?: string; chdir?: string; executable?: string; timeout?: number; environment?: ReadonlyMap<string, string> } = {},
  ): Promise<ModuleResult> {
    if (options.creates !== undefined && (await this.exists(options.creates))) {
      return new Map<string, Data>([
        ['changed', false],
        ['msg', `${options.creates} exists, matching creates option`],
      ]);
    }
    if (options.removes !== undefined && !(await this.exists(options.removes))) {
      return new Map<string, Data>([
        ['changed', false],
        ['msg', `${options.removes} does not exist, matching removes option`],
      ]);
    }
    const dir = await this.client.request('mktemp', new Map([['base', this.taskTmpFolder()]]));
    const tmp = isDict(dir) ? String(dir.get('path')) : '';
    const remote = `${tmp}/${basename(localPath)}`;
    try {
      await sendFile(this.request, localPath, remote, 0o700);
      // NOTE: as 2.19, every occurrence of the name in the line becomes the host's copy, unquoted
      // (str.replace: a quoted name keeps the user's quotes around it)
      const target = line.command.split(line.name).join(remote);
      let command = `${options.executable ? `${options.executable} ` : ''}${target}`;
      // the task's environment, as 2.19's shell writes it before the command (env_prefix)
      const env = [...(options.environment ?? [])].map(([k, v]) => `${k}=${shellQuote(v)}`);
      if (env.length > 0) command = `${env.join(' ')} ${command}`;
      if (options.chdir !== undefined) command = `cd ${shellQuote(options.chdir)} && ${command}`;
      return await this.runRaw(command, { timeout: options.timeout });
    } finally {
      await this.client.request('rmtree', new Map<string, Data>([['path', tmp]])).catch(() => undefined);
    }
  }

  /** Whether a path exists on the host. */
  async exists(path: string): Promise<boolean> {
    const answer = await this.client.request('exists', new Map<string, Data>([['path', path]]));
    return isDict(answer) && answer.get('exists') === true;
  }

  /** A path starting with `~` or `~user`, with that part expanded on the host (as the session's user). */
  async expandUser(path: string): Promise<string> {
    const answer = await this.client.request('expanduser', new Map<string, Data>([['path', path]]));
    return isDict(answer) && typeof answer.get('path') === 'string' ? String(answer.get('path')) : path;
  }

  async close(): Promise<void> {
    this.onClose();
    await this.client.close();
  }

  /** Lets the process exit without waiting for the agent (see AgentClient.release). */
  release(): void {
    this.onClose();
    this.client.release();
  }
}

/** Ansible's controller adds stdout_lines / stderr_lines to every module result that has the text. */
export function addOutputLines(result: ModuleResult): ModuleResult {
  for (const key of ['stdout', 'stderr']) {
    const lines = `${key}_lines`;
    if (result.has(key) && !result.has(lines)) {
      const text = result.get(key);
      result.set(lines, typeof text === 'string' ? pySplitlines(text) : []);
    }
  }
  return result;
}

/** The agent's `_volant_warning_causes` entries as warning events, by the warning's text. */
function warningEvents(entries: readonly Data[]): Map<string, DisplayEvent> {
  const events = new Map<string, DisplayEvent>();
  for (const entry of entries) {
    if (!isDict(entry)) continue;
    const cause: DisplayEvent = { message: pyStr(entry.get('cause')), ...(entry.get('while_handling') === true ? { whileHandling: true } : {}) };
    events.set(pyStr(entry.get('text')), { message: pyStr(entry.get('msg')), cause });
  }
  return events;
}
