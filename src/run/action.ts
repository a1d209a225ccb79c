/**
 * Controller-side actions (debug, set_fact, assert …, and the controller half of template/copy).
 * `run` owns this interface; src/actions implements it and the CLI hands the registry in.
 */
import type { Data, DataDict } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import type { TemplateRenderer, VarSource, LookupEnvironment } from '../template/api.js';
import type { AgentSession, ModuleRequest, ModuleResult } from './transport.js';
import type { DisplayEvent } from './events.js';
import type { TaskTimer } from './task-timeout.js';

export interface ActionContext {
  readonly host: string;
  /** The host a delegated task acts on (its `delegate_to`, templated). */
  readonly delegatedTo?: string;
  readonly step: TaskStep;
  /** The action's short name. */
  readonly action: string;
  /** Arguments, templated (except what the action templates itself: see `rawArgs`). */
  readonly args: DataDict;
  readonly rawArgs: DataDict;
  readonly vars: VarSource;
  readonly templar: TemplateRenderer;
  readonly lookup: LookupEnvironment;
  readonly checkMode: boolean;
  readonly diff: boolean;
  readonly verbosity: number;
  /** max_diff_size (MAX_FILE_SIZE_FOR_DIFF) when set: a diff side larger is only noted; 0 or less, no limit. */
  readonly maxDiffSize?: number;
  readonly noLog: boolean;
  /** The task's `collections:` search list (its own or its block's, else its role's or play's). */
  readonly collections?: Data;
  /** The host's agent (started on first use). */
  session(): Promise<AgentSession>;
  /** The connection plugin's name for the host the task acts on (`local`, `ssh`, …). */
  connection(): string;
  /** Drops the host's connection and agents: the next module starts them again (ansible's connection reset()). */
  resetConnection(): Promise<void>;
  /** Runs a module on the host through its agent, as the normal action does. */
  runModule(request: Omit<ModuleRequest, 'checkMode' | 'diff'> & { checkMode?: boolean; diff?: boolean }): Promise<ModuleResult>;
  /** A warning shown with the task's result (`[WARNING]: …` with its origin). */
  warn(event: DisplayEvent): void;
  /** Shows text at once (pause prompts, display.vv lines); the default callback prints it as ansible's display does. */
  display(text: string, options?: { verbosity?: number }): void;
  /** Reads a line from the terminal, or undefined when there is none (pause, vars_prompt). */
  prompt?(question: string, options: { echo: boolean; seconds?: number }): Promise<string | undefined>;
  /** Resolves a file for `src:` (role files/, templates/, then relative to the task). */
  findFile(name: string, kind: 'files' | 'templates' | 'vars'): string | undefined;
  /** The task's `timeout:` when it has one: an action that waits stops when its signal aborts. */
  readonly timer?: TaskTimer;
  /** The task's `environment:`, templated: what its modules run with (script puts it before its command). */
  readonly environment?: ReadonlyMap<string, string>;
}

/** An action returns ansible's result dict (failed, changed, msg, ansible_facts, add_host …). */
export type Action = (ctx: ActionContext) => Promise<DataDict> | DataDict;

export type ActionRegistry = ReadonlyMap<string, Action>;

export type { Data };
