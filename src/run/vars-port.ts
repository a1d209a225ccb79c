/**
 * What the runner needs from the variables stage. `run` owns this interface; the CLI wires it to
 * src/vars. Kept narrow so the runner never reaches into precedence rules.
 */
import type { Data, DataDict } from '../core/data.js';
import type { CompiledPlay, RoleInstance, TaskStep } from '../compile/program.js';
import type { VarSource } from '../template/api.js';

export interface PlayHostsInfo {
  /** ansible_play_hosts_all: every host the play matched. */
  readonly all: readonly string[];
  /** ansible_play_hosts: those not failed or unreachable. */
  readonly active: () => readonly string[];
  /** ansible_play_batch: the current serial batch, minus failed hosts. */
  readonly batch: () => readonly string[];
  /** ansible_failed_hosts: the hosts of the current batch that failed. */
  readonly failed?: () => readonly string[];
}

export interface PlayVars {
  /**
   * The variables a step sees on a host. `locals` is the topmost layer (loop item, index var,
   * ansible_loop, registered result during retries); `step` may be absent (play-level templating).
   */
  forTask(host: string, step?: TaskStep, locals?: ReadonlyMap<string, Data>): VarSource;
  /** Variables for templating play keywords (name, hosts) before any host is chosen. */
  forPlay(): VarSource;
  /** A step's variables without a host (2.19's get_vars(play, task)): how a handler's name is templated. */
  forStep?(step: TaskStep): VarSource;
  /** include_role with `public: true` ran: the role's defaults and vars join the play's. */
  addPublicRole?(role: RoleInstance): void;
  /** A serial batch starts: 2.19 runs it on a fresh copy of the play, without the roles include_role added. */
  startBatch?(): void;
  /** The vars_files paths one of 2.19's get_vars(play) calls reads (without a host, or for `host`): -vvv shows each. */
  varsFilesRead?(host?: string): readonly string[];
}

export interface VarsPort {
  /** Starts a play: reads vars_files, applies vars_prompt answers. May throw VolantError. */
  startPlay(play: CompiledPlay, hosts: PlayHostsInfo, prompted: DataDict): PlayVars;
  /** ansible_facts from modules (setup) and cacheable set_fact: persistent, low precedence. */
  setFacts(host: string, facts: DataDict): void;
  /** set_fact and register: high precedence, for the rest of the run. */
  setNonPersistent(host: string, vars: DataDict): void;
  /** include_vars results. */
  setIncludeVars(host: string, vars: DataDict): void;
  clearFacts(host: string): void;
  /** A gather_facts action (the play's or a task's) has filled this host's fact cache. */
  factsGathered(host: string): boolean;
  /** The raw value of one host variable (connection settings, ansible_host …), not templated. */
  hostVar(host: string, name: string): Data | undefined;
}
