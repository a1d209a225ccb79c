/**
 * The reserved-name warnings 2.19 shows as it loads a playbook: loading an include_tasks,
 * import_tasks or import_role asks for the play's variables without a host (helpers'
 * load_list_of_tasks, get_vars(play, task)), and warn_if_reserved runs on them, so play vars,
 * block vars and the task's own vars with reserved names are warned of before the first play
 * starts (and under --syntax-check or --list-tasks too), in the order compile loads the play's
 * parts (2.19's). Display shows each warning once, so the run does not repeat them.
 */
import { isDict, type DataDict } from '../core/data.js';
import { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { CompiledPlay } from '../compile/program.js';
import type { VarsAsk } from '../compile/compile-play.js';
import type { RunnerPlayVars, RunnerVars } from '../vars/runner-vars.js';

const RESERVED_WARNING = /^Found variable using reserved name /;

/**
 * `extraVars`: -e's variables. NOTE: naming each entry of `roles:` asks for the play's variables
 * too (no task: play vars, vars_files as read without a host, then extra vars), before anything
 * in the roles loads.
 */
export function warnReservedAsLoaded(vars: RunnerVars, compiled: CompiledPlay, asks: readonly VarsAsk[], extraVars: DataDict, show: (d: WarningDetail) => void): void {
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
    askInOrder(vars, compiled, asks);
  });
}

/**
 * A file included as the play runs (include_tasks, include_role's tasks and handlers) asks as
 * 2.19 loads it, before `included:` is shown and before any of its tasks runs: in its own order.
 */
export function warnReservedAsIncluded(vars: RunnerVars, compiled: CompiledPlay, asks: readonly VarsAsk[], show: (d: WarningDetail) => void): void {
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

function askInOrder(vars: RunnerVars, compiled: CompiledPlay, asks: readonly VarsAsk[]): void {
  if (asks.length === 0) return;
  // the play's own vars are warned of by the first ask, in its order (a role's defaults first)
  const playVars = hostlessPlayVars(vars, compiled);
  for (const ask of asks) playVars.forStep(ask);
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
