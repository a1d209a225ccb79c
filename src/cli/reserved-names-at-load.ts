/**
 * The reserved-name warnings 2.19 shows as it loads a playbook: loading an include_tasks,
 * import_tasks or import_role asks for the play's variables without a host (helpers'
 * load_list_of_tasks, get_vars(play, task)), and warn_if_reserved runs on them, so play vars,
 * block vars and the task's own vars with reserved names are warned of before the first play
 * starts (and under --syntax-check or --list-tasks too). Display shows each warning once, so the
 * run does not repeat them.
 */
import { isDict, type Data, type DataDict } from '../core/data.js';
import { updateKeepingKeyOrigins } from '../core/key-origins.js';
import { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { CompiledPlay } from '../compile/program.js';
import type { VarsAsk } from '../compile/compile-play.js';
import type { RunnerVars } from '../vars/runner-vars.js';

export interface LoadedAsk {
  readonly ask: VarsAsk;
  readonly section: string;
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

/**
 * NOTE: an include's or import's own vars are its include params too (Task.get_include_params),
 * where 2.19 does not drop `tags` and `when` as it does from task vars: so those are warned of.
 */
function withOwnParams(ask: VarsAsk): VarsAsk {
  const own = ask.task.keywords.get('vars');
  if (!own || !isDict(own.value)) return ask;
  setKeyOriginsFromNode(own.value, own.node);
  const params: DataDict = new Map();
  for (const from of [ask.includeParams ?? new Map<string, Data>(), own.value]) updateKeepingKeyOrigins(params, from);
  return { ...ask, includeParams: params };
}

const RESERVED_WARNING = /^Found variable using reserved name /;

/**
 * `extraVars`: -e's variables. NOTE: naming each entry of `roles:` asks for the play's variables
 * too (no task: play vars, then extra vars), before anything in the roles loads.
 */
export function warnReservedAsLoaded(vars: RunnerVars, compiled: CompiledPlay, asks: readonly LoadedAsk[], extraVars: DataDict, show: (d: WarningDetail) => void): void {
  const play = compiled.play;
  if (asks.length === 0 && play.roles.length === 0) return;
  const details = vars.manager.warningDetails;
  const before = details.length;
  try {
    if (play.roles.length > 0) {
      const own = play.keywords.get('vars');
      if (own && isDict(own.value)) setKeyOriginsFromNode(own.value, own.node);
      vars.manager.warnReservedIn([own && isDict(own.value) ? own.value : new Map(), extraVars]);
    }
    // the play's own vars are warned of by the first ask, in its order (a role's defaults first)
    const playVars = vars.manager.quietly(() => vars.startPlay(compiled, { all: [], active: () => [], batch: () => [] }, new Map()));
    for (const { ask } of [...asks].sort(byRank)) playVars.forStep(withOwnParams(ask));
  } catch {
    // what cannot be read now (a vars file) fails the play as it runs, as before
  }
  // only the reserved names are shown now; anything else found is found again as the play runs
  for (const d of details.slice(before)) if (RESERVED_WARNING.test(d.message)) show(d);
  details.splice(before);
}
