/**
 * The reserved-name warnings 2.19 shows as it loads a playbook: loading an include_tasks,
 * import_tasks or import_role asks for the play's variables without a host (helpers'
 * load_list_of_tasks, get_vars(play, task)), and warn_if_reserved runs on them, so play vars,
 * block vars and the task's own vars with reserved names are warned of before the first play
 * starts (and under --syntax-check or --list-tasks too). Display shows each warning once, so the
 * run does not repeat them.
 */
import { isDict, type DataDict } from '../core/data.js';
import { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { CompiledPlay } from '../compile/program.js';
import type { VarsAsk } from '../compile/compile-play.js';
import type { RunnerPlayVars, RunnerVars } from '../vars/runner-vars.js';

export interface LoadedAsk {
  readonly ask: VarsAsk;
  readonly section: string;
}

/** The asks of one load, each where 2.19 makes it (a place kept for later ones among them). */
export class LoadedAsks {
  private readonly entries: (LoadedAsk | LoadedAsk[])[] = [];

  add(ask: VarsAsk, section: string): void {
    this.entries.push({ ask, section });
  }

  later(section: string): (ask: VarsAsk) => void {
    const kept: LoadedAsk[] = [];
    this.entries.push(kept);
    return (ask) => kept.push({ ask, section });
  }

  inOrder(): LoadedAsk[] {
    return this.entries.flat();
  }
}

/**
 * NOTE: 2.19 loads a play's parts in its attributes' order: each role of `roles:` (its tasks,
 * then its handlers), the play's handlers, pre_tasks, post_tasks, then tasks; Volant compiles
 * them in run order, so the asks are put back in load order here.
 */
function loadRank(section: string): readonly number[] {
  const role = /^role (\d+) (tasks|handlers)$/.exec(section);
  if (role) return [0, Number(role[1]), role[2] === 'tasks' ? 0 : 1];
  return [['handlers', 'pre_tasks', 'post_tasks', 'tasks', 'imported handlers'].indexOf(section) + 1];
}

function byRank(a: LoadedAsk, b: LoadedAsk): number {
  const ra = loadRank(a.section);
  const rb = loadRank(b.section);
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const d = (ra[i] ?? 0) - (rb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const RESERVED_WARNING = /^Found variable using reserved name /;

/**
 * `extraVars`: -e's variables. NOTE: naming each entry of `roles:` asks for the play's variables
 * too (no task: play vars, vars_files as read without a host, then extra vars), before anything
 * in the roles loads.
 */
export function warnReservedAsLoaded(vars: RunnerVars, compiled: CompiledPlay, asks: readonly LoadedAsk[], extraVars: DataDict, show: (d: WarningDetail) => void): void {
  const play = compiled.play;
  if (asks.length === 0 && play.roles.length === 0) return;
  showingReservedOnly(vars, show, () => {
    if (play.roles.length > 0) {
      const own = play.keywords.get('vars');
      if (own && isDict(own.value)) setKeyOriginsFromNode(own.value, own.node);
      let files: readonly DataDict[] = [];
      try {
        files = hostlessPlayVars(vars, compiled).varsFilesAtLoad ?? [];
      } catch {
        // a vars file that does not read fails the play as it runs
      }
      vars.manager.warnReservedIn([own && isDict(own.value) ? own.value : new Map(), ...files, extraVars]);
    }
    askInOrder(vars, compiled, [...asks].sort(byRank));
  });
}

/**
 * A file included as the play runs (include_tasks, include_role's tasks and handlers) asks as
 * 2.19 loads it, before `included:` is shown and before any of its tasks runs: in its own order.
 */
export function warnReservedAsIncluded(vars: RunnerVars, compiled: CompiledPlay, asks: readonly LoadedAsk[], show: (d: WarningDetail) => void): void {
  if (asks.length === 0) return;
  showingReservedOnly(vars, show, () => askInOrder(vars, compiled, asks));
}

/** The play's variables without a host, made once per play (2.19's loader reads a vars file once). */
const hostless = new WeakMap<CompiledPlay, RunnerPlayVars>();

function hostlessPlayVars(vars: RunnerVars, compiled: CompiledPlay): RunnerPlayVars {
  let playVars = hostless.get(compiled);
  if (playVars === undefined) {
    playVars = vars.manager.quietly(() => vars.startPlay(compiled, { all: [], active: () => [], batch: () => [] }, new Map()));
    hostless.set(compiled, playVars);
  }
  return playVars;
}

function askInOrder(vars: RunnerVars, compiled: CompiledPlay, asks: readonly LoadedAsk[]): void {
  if (asks.length === 0) return;
  // the play's own vars are warned of by the first ask, in its order (a role's defaults first)
  const playVars = hostlessPlayVars(vars, compiled);
  for (const { ask } of asks) playVars.forStep(ask);
}

function showingReservedOnly(vars: RunnerVars, show: (d: WarningDetail) => void, ask: () => void): void {
  const details = vars.manager.warningDetails;
  const before = details.length;
  try {
    ask();
  } catch {
    // what cannot be read now (a vars file) fails the play as it runs, as before
  }
  // only the reserved names are shown now; anything else found is found again as the play runs
  for (const d of details.slice(before)) if (RESERVED_WARNING.test(d.message)) show(d);
  details.splice(before);
}
