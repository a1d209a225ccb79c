/** --syntax-check, --list-hosts, --list-tasks, --list-tags: read and compile, run nothing. */
import { VaultString, pyStr, type Data } from '../core/data.js';
import { TemplateError } from '../core/errors.js';
import { unopenedVaultReason } from '../template/render-context.js';
import type { CompiledPlay, Program } from '../compile/program.js';
import { compileLoadedPlays } from '../compile/compile-loaded.js';
import type { Inventory } from '../inventory/inventory.js';
import type { Keyword, Playbook, PlayNode } from '../playbook/model.js';
import type { SourceLocation } from '../core/source-location.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { RunContext } from './run-playbooks.js';
import { playbookListingParts, type ListedPlay, type ListedTask, type ListingWhat } from '../callbacks/index.js';
import type { PlayVars } from '../run/vars-port.js';
import { showVarsFilesRead } from '../run/vars-files-read.js';
import { PlayTags, tagFilterFor, tagText } from '../run/tags.js';
import { postValidatePlay, type ValidatedPlay } from '../run/play-post-validate.js';

function strings(value: unknown): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

export interface ListContext extends RunContext {
  readonly playbooks: readonly Playbook[];
  readonly inventory: Inventory;
  readonly compile: (play: PlayNode) => CompiledPlay;
  readonly templar: TemplateRenderer;
  /** The play's variables without a host (templated tags see them), as 2.19's get_vars(play) gives them. */
  readonly playVars: (play: CompiledPlay) => Pick<PlayVars, 'forPlay' | 'varsFilesRead'>;
  /** Shows the inventory's warnings so far (patterns that matched nothing). */
  readonly flushWarnings?: () => void;
}

export function listPlaybook(ctx: ListContext): number {
  const { args, out } = ctx;
  // NOTE: ansible-playbook --list-tags without -t/--skip-tags selects `never` tasks too (tags never,all).
  const onlyTags = args.listTags && strings(args.tags).length === 0 && strings(args.skipTags).length === 0 ? ['never', 'all'] : strings(args.tags);
  const filter = tagFilterFor(onlyTags.flatMap((t) => t.split(',')), strings(args.skipTags));
  // NOTE: ansible reads every playbook (-vv: its static imports, "N plays in FILE") before it lists any.
  const listings: (() => void)[] = [];
  for (const playbook of ctx.playbooks) {
    const entries = playbook.entries.filter((e): e is PlayNode => e.kind === 'play');
    compileLoadedPlays(playbook, ctx.compile);
    const shownAs = String(args.playbooks[ctx.playbooks.indexOf(playbook)]);
    ctx.callback.display?.(`${entries.length} plays in ${shownAs}`, { verbosity: 2 });
    for (const entry of entries) matchPlayHosts(ctx, entry);
    ctx.flushWarnings?.();
    // NOTE: 2.19 reads each play's vars_files and post-validates its keywords in every mode.
    const validated = entries.map((entry) => validatePlay(ctx, entry));
    if (args.syntaxCheck) {
      listings.push(() => out(`\nplaybook: ${shownAs}\n`));
      continue;
    }
    const what = { hosts: Boolean(args.listHosts), tasks: Boolean(args.listTasks), tags: Boolean(args.listTags) };
    const plays: ListedPlay[] = [];
    const playVars = validated.map((v) => v.playVars);
    for (const [i, entry] of entries.entries()) {
      const listed = listedPlay(ctx, entry, validated[i] as PlayValidated, filter);
      plays.push(listed.play);
      if (listed.error === undefined) continue;
      // NOTE: 2.19 prints each play's header before it lists its tasks: an error comes after what was printed.
      ctx.flushWarnings?.();
      for (const listing of [...listings, () => showListing(ctx, shownAs, plays, what, playVars)]) listing();
      throw listed.error;
    }
    ctx.flushWarnings?.();
    listings.push(() => showListing(ctx, shownAs, plays, what, playVars));
  }
  for (const listing of listings) listing();
  return 0;
}

/** One playbook's listing; listing a play's tasks or tags asks for its variables again after its header (-vvv shows the vars_files read). */
function showListing(ctx: ListContext, shownAs: string, plays: readonly ListedPlay[], what: ListingWhat, playVars: readonly ListedPlayVars[]): void {
  const parts = playbookListingParts(shownAs, plays, what);
  ctx.out(parts.head);
  parts.plays.forEach((part, i) => {
    ctx.out(part.header);
    if (part.tasks === undefined) return;
    const vars = playVars[i];
    if (vars) showVarsFilesRead(ctx.callback, vars);
    ctx.out(part.tasks);
  });
}

/**
 * ansible reads each play's variables (ansible_play_hosts_all) as it loads the play, in every
 * listing mode, so a pattern that matches nothing warns; a templated one counts as `all` there.
 */
function matchPlayHosts(ctx: ListContext, entry: PlayNode): void {
  const value = entry.keywords.get('hosts')?.value;
  const pattern = Array.isArray(value) ? value.map(pyStr).join(',') : value === undefined || value === null ? 'all' : pyStr(value);
  if (!ctx.templar.isTemplate(pattern)) ctx.inventory.hostsMatching(pattern, { ignoreRestrictions: true });
}

/** A task's name as listed, untemplated; 2.19's str() of a !vault name no secret opens fails. */
function listedName(name: Keyword): string {
  if (name.value instanceof VaultString && name.value.reveal() === undefined) throw new TemplateError('template-vault', unopenedVaultReason(name.value), { location: name.loc });
  return pyStr(name.value);
}

/** NOTE: ansible lists only the `block:` part of each block: rescue and always tasks are never listed. */
function inRescueOrAlways(program: Program, index: number): boolean {
  const step = program.steps[index];
  for (let s = step?.span ?? -1; s >= 0; ) {
    const span = program.spans[s];
    if (!span) break;
    if (index >= span.rescueStart) return true;
    s = span.parent;
  }
  return false;
}

type TagFilter = ReturnType<typeof tagFilterFor>;

type ListedPlayVars = Pick<PlayVars, 'forPlay' | 'varsFilesRead'>;

interface PlayValidated {
  readonly play: ValidatedPlay;
  /** The play's variables, its vars_files read once for the keywords and the listing. */
  readonly vars: VarSource;
  readonly playVars: ListedPlayVars;
}

/**
 * The play's vars (its vars_files read) and its keywords post-validated, as 2.19 does before it
 * lists or runs a play: it asks for the play's variables twice (vars_prompt, then post_validate).
 */
function validatePlay(ctx: ListContext, entry: PlayNode): PlayValidated {
  const playVars = ctx.playVars(ctx.compile(entry));
  showVarsFilesRead(ctx.callback, playVars);
  showVarsFilesRead(ctx.callback, playVars);
  const vars = playVars.forPlay();
  return { play: postValidatePlay(entry, (value) => (typeof value === 'string' && ctx.templar.isTemplate(value) ? ctx.templar.render(value, vars, {}) : value)), vars, playVars };
}

/**
 * One play as ansible lists it: name and hosts templated with the play's vars (its post_validate).
 * A failure to list its tasks comes back with the play's header (unfinished).
 */
function listedPlay(ctx: ListContext, entry: PlayNode, { play: validated, vars }: PlayValidated, filter: TagFilter): { play: ListedPlay; error?: unknown } {
  const { args } = ctx;
  const compiled = ctx.compile(entry);
  const render = (text: string, origin?: SourceLocation): Data => (ctx.templar.isTemplate(text) ? ctx.templar.render(text, vars, origin ? { origin } : {}) : text);
  const stepTags = new PlayTags((text, origin) => render(text, origin));
  const hosts = validated.hosts;
  const name = validated.name;
  const tagsKw = entry.keywords.get('tags');
  const playTags = tagsKw ? (Array.isArray(tagsKw.value) ? tagsKw.value.map(pyStr) : [pyStr(tagsKw.value)]) : [];
  const listed: { -readonly [K in keyof ListedPlay]: ListedPlay[K] } = { hostPatterns: hosts, name, tags: playTags };
  if (args.listHosts) listed.hosts = ctx.inventory.hostsMatching(hosts.join(','));
  if (args.listTasks || args.listTags) {
    // NOTE: 2.19 templates every tag before it lists any task, so an error lists none.
    try {
      stepTags.evaluate(compiled.program.steps.filter((s) => s.kind === 'task'), tagsKw);
    } catch (error) {
      return { play: { ...listed, unfinished: true }, error };
    }
    const tasks: ListedTask[] = [];
    try {
      compiled.program.steps.forEach((step, index) => {
        // Only the meta tasks ansible adds itself are left out; a written `meta:` is listed.
        if (step.kind !== 'task' || step.implicit || inRescueOrAlways(compiled.program, index)) return;
        if (filter && !filter(step, stepTags.of)) return;
        const n = step.task.keywords.get('name');
        // A named task shows as `role : name`; an unnamed one by its action alone, even in a role.
        const label = n ? `${step.role ? `${step.role.def.name} : ` : ''}${listedName(n)}` : step.task.actionWritten;
        tasks.push({ name: label, tags: [...stepTags.of(step)].map(tagText) });
      });
    } catch (error) {
      return { play: { ...listed, unfinished: true }, error };
    }
    listed.tasks = tasks;
  }
  return { play: listed };
}
