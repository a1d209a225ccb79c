/**
 * What the runner needs from a connection. `run` owns this interface; src/transport implements
 * it (local, ssh). The runner never imports a transport.
 */
import type { Data, DataDict } from '../core/data.js';

/** Everything needed to reach one host as one user, resolved from the host's variables and the CLI. */
export interface ConnectionSpec {
  /** Inventory name (for messages). */
  readonly host: string;
  /** `local` or `ssh` (ansible_connection / -c). */
  readonly connection: string;
  /** ansible_host (defaults to the inventory name). */
  readonly address: string;
  readonly port?: number;
  readonly user?: string;
  readonly password?: string;
  readonly privateKeyFile?: string;
  readonly sshCommonArgs?: string;
  readonly sshExtraArgs?: string;
  readonly sshArgs?: string;
  /** Volant's curve25519-first key exchange (`[ssh_connection] volant_fast_kex`); undefined = on. */
  readonly fastKex?: boolean;
  /** Volant's AES-GCM-first cipher (`[ssh_connection] volant_fast_ciphers`); undefined = on. */
  readonly fastCiphers?: boolean;
  /** Agents keep compiled code on the host (`[defaults] volant_agent_code_cache`); undefined = on. */
  readonly agentCodeCache?: boolean;
  readonly hostKeyChecking: boolean;
  /** ansible_python_interpreter, or auto discovery (python3) when undefined. */
  readonly pythonInterpreter?: string;
  /** Seconds to wait for the connection (ansible_timeout / -T); default 10. */
  readonly timeout: number;
  readonly become?: BecomeSpec;
  /** The become plugin of a task that becomes, also where becoming the connected user runs none. */
  readonly becomeMethod?: string;
  /**
   * Settings 2.19's PlayContext also hands the task as variables (ansible_pipelining,
   * ansible_shell_executable, ansible_module_compression); Volant's agent needs none of them.
   */
  readonly pipelining?: boolean;
  /** The shell's remote_tmp (ansible_remote_tmp, [defaults] remote_tmp) when not ~/.ansible/tmp. */
  readonly remoteTmp?: string;
  /** ansible_ssh_use_tty (`[ssh_connection] usetty`): ssh runs unpipelined modules with -tt; undefined = on. */
  readonly useTty?: boolean;
  readonly shellExecutable?: string;
  readonly moduleCompression?: string;
}

export interface BecomeSpec {
  readonly method: string;
  readonly user: string;
  readonly flags?: string;
  readonly exe?: string;
  readonly password?: string;
}

export interface ModuleRequest {
  /** Short module name (`command`, `copy`, `setup` …). */
  readonly module: string;
  readonly args: DataDict;
  readonly checkMode: boolean;
  readonly diff: boolean;
  /** Environment for the module (the task's `environment:`). */
  readonly environment?: ReadonlyMap<string, string>;
  /** Seconds; the task fails (not the host) when exceeded. */
  readonly timeout?: number;
  /** Async job: seconds allowed, and 0 poll means fire-and-forget. */
  readonly asyncSeconds?: number;
  readonly noLog?: boolean;
  /** The module runs as 2.19 runs it through `ssh -tt` (see modulesUnderTty). */
  readonly tty?: boolean;
}

/** A module's result dict, as the module returned it (changed, failed, msg, rc, stdout …). */
export type ModuleResult = DataDict;

/** One agent on one host as one user, alive for the whole run. */
export interface AgentSession {
  runModule(request: ModuleRequest): Promise<ModuleResult>;
  /** The raw module: a command through the connection, no agent involved. */
  runRaw(command: string, options?: { executable?: string; timeout?: number }): Promise<ModuleResult>;
  /** Copies a controller file's bytes (for `copy src=`, `script`, `unarchive`). */
  putFile?(localPath: string, remotePath: string): Promise<void>;
  fetchFile?(remotePath: string, localPath: string, checkLocal?: () => void): Promise<DataDict>;
  close(): Promise<void>;
}

export interface Transport {
  /**
   * The session for this spec, started on first use and reused after (one per host and become
   * user). Rejects with ConnectionError when the host cannot be reached: it becomes UNREACHABLE.
   */
  session(spec: ConnectionSpec): Promise<AgentSession>;
  /** Drops a host's sessions (meta: reset_connection). */
  reset(host: string): Promise<void>;
  /** Ends every agent and ssh master and waits for their processes; called on Ctrl-C. */
  closeAll(): Promise<void>;
  /**
   * The end of the process: every result is in. The agents and ssh masters end as this process
   * exits (their input ends) instead of being waited for; masters that would outlive their
   * sessions (ControlPersist) are ended here.
   */
  finish(): Promise<void>;
  /**
   * The actions a play's tasks and handlers name, told as the play starts: a hint (no result
   * depends on it) that lets agents get ready for them while they would otherwise wait.
   */
  expectActions?(actions: readonly string[]): void;
}

export type { Data };
