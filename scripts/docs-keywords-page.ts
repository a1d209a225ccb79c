/**
 * The Keywords reference page, written from the parser's keyword tables (src/playbook/*-keywords.ts)
 * and the compiler's fold (src/compile/fold-keywords.ts), so it says what this build accepts.
 */
import { pyRepr } from '../src/core/data.js';
import { INHERITED_SCALARS } from '../src/compile/fold-keywords.js';
import { BLOCK_KEYWORDS } from '../src/playbook/block-keywords.js';
import { HANDLER_KEYWORDS } from '../src/playbook/handler-keywords.js';
import { IMPORT_PLAYBOOK_KEYWORDS } from '../src/playbook/import-playbook-keywords.js';
import type { KeywordSpec } from '../src/playbook/keyword-spec.js';
import { LOOP_CONTROL_KEYWORDS } from '../src/playbook/loop-control-keywords.js';
import { PLAY_KEYWORDS } from '../src/playbook/play-keywords.js';
import { ROLE_KEYWORDS } from '../src/playbook/role-keywords.js';
import { TASK_ACTION_KEYS, TASK_KEYWORDS } from '../src/playbook/task-keywords.js';
import { cell, code, generatedHeader, table } from './docs-markdown.js';

interface Place {
  readonly title: string;
  readonly specs: readonly KeywordSpec[];
}

const PLACES: readonly Place[] = [
  { title: 'Play', specs: PLAY_KEYWORDS },
  { title: 'Role entry', specs: ROLE_KEYWORDS },
  { title: 'Block', specs: BLOCK_KEYWORDS },
  { title: 'Task', specs: [...TASK_KEYWORDS, ...TASK_ACTION_KEYS] },
  { title: 'Handler', specs: HANDLER_KEYWORDS },
];

/** Keywords the compiler folds as lists rather than innermost-wins scalars (fold-keywords.ts). */
const FOLDED_LISTS = new Set(['when', 'tags', 'vars', 'environment', 'module_defaults']);

function placeCell(spec: KeywordSpec | undefined): string {
  if (!spec) return '—';
  return spec.supported ? '✔' : '✘ not yet';
}

/** `yes` / `no`, or the places where it is inherited when that differs by place. */
function inheritedCell(specs: readonly (KeywordSpec | undefined)[]): string {
  const present = PLACES.map((p, i) => [p.title, specs[i]] as const).filter((e): e is readonly [string, KeywordSpec] => e[1] !== undefined);
  const inherited = present.filter(([, s]) => s.inherited);
  if (inherited.length === 0) return 'no';
  if (inherited.length === present.length) return 'yes';
  return `on ${inherited.map(([t]) => t.toLowerCase()).join(', ')}`;
}

function defaultText(spec: KeywordSpec): string {
  if (spec.defaultFrom !== undefined) return cell(spec.defaultFrom);
  if (spec.default === undefined) return '';
  return code(pyRepr(spec.default));
}

function typeText(spec: KeywordSpec): string {
  return spec.listOf ? `${spec.type} of ${spec.listOf}` : spec.type;
}

function detailTable(specs: readonly KeywordSpec[]): string {
  return table(
    ['Keyword', 'Type', 'Default', 'Accepted'],
    specs.map((s) => [code(s.name) + (s.alias ? ` (also ${code(s.alias)})` : ''), typeText(s), defaultText(s), s.supported ? '✔' : '✘ not yet']),
  );
}

export function keywordsPage(): string {
  const names = [...new Set(PLACES.flatMap((p) => p.specs.map((s) => s.name)))].sort((a, b) => a.localeCompare(b));
  const rows = names.map((name) => {
    const specs = PLACES.map((p) => p.specs.find((s) => s.name === name));
    const first = specs.find((s) => s !== undefined) as KeywordSpec;
    return [code(name), ...specs.map(placeCell), inheritedCell(specs), typeText(first)];
  });
  const typed = new Map<string, KeywordSpec>();
  for (const p of PLACES) for (const s of p.specs) if (!typed.has(s.name)) typed.set(s.name, s);
  const unsupported = PLACES.flatMap((p) => p.specs.filter((s) => !s.supported).map((s) => `${code(s.name)} (${p.title.toLowerCase()})`));
  const inheritedTask = TASK_KEYWORDS.filter((s) => s.inherited).map((s) => s.name);
  const notFolded = inheritedTask.filter((n) => !INHERITED_SCALARS.has(n) && !FOLDED_LISTS.has(n));
  const out: string[] = [
    generatedHeader('Keywords', 'Every playbook keyword, where it may be written, and whether this release accepts it.', [
      'src/playbook/*-keywords.ts',
      'src/compile/fold-keywords.ts',
    ]),
    'Each table below is written from the parser\'s own keyword tables, the same data that decides whether a',
    'playbook loads. A keyword that is not in the table for its place is an error at load time, as in',
    'ansible-core 2.19: `\'x\' is not a valid attribute for a Task`.',
    '',
    'Legend: **✔** accepted · **✘ not yet** ansible-core accepts it there, this release does not · **—** not',
    'a keyword of that place. **Inherited**: a value written on a play, role entry or block flows down to',
    'the tasks below it (play → role entry → block → task).',
    '',
    '## Where each keyword may appear',
    '',
    table(['Keyword', ...PLACES.map((p) => p.title), 'Inherited', 'Type'], rows),
    '`with_<lookup>` stands for every `with_` loop (`with_items`, `with_dict`, …); it and `local_action` are',
    'resolved by the action parser rather than stored as keywords.',
    '',
    '## How inheritance is done',
    '',
    'Volant folds inherited keywords into each task once, while the play compiles (see',
    '[How a play runs](/guides/how-a-play-runs/)). These keywords are folded innermost-wins:',
    '',
    [...INHERITED_SCALARS].sort().map(code).join(', ') + '.',
    '',
    'These are folded as lists, every layer kept, outermost first: ' + [...FOLDED_LISTS].sort().map(code).join(', ') + '.',
    '`when` conditions all have to hold; `tags` are the union; block and import `vars` are layered by',
    '[Variables and precedence](/guides/variables/).',
    '',
    '## Types and defaults',
    '',
    'Defaults are ansible-core\'s; where a default comes from `ansible.cfg` or the command line the cell says so.',
    '',
    '### Play',
    '',
    detailTable(PLAY_KEYWORDS),
    '### Role entry',
    '',
    detailTable(ROLE_KEYWORDS),
    '### Block',
    '',
    detailTable(BLOCK_KEYWORDS),
    '### Task',
    '',
    detailTable([...TASK_KEYWORDS, ...TASK_ACTION_KEYS]),
    '### Handler',
    '',
    'A handler takes every task keyword, plus:',
    '',
    detailTable(HANDLER_KEYWORDS.filter((h) => !TASK_KEYWORDS.some((t) => t.name === h.name))),
    '### `loop_control`',
    '',
    detailTable(LOOP_CONTROL_KEYWORDS),
    '### `import_playbook` entries',
    '',
    detailTable(IMPORT_PLAYBOOK_KEYWORDS),
    '## Differences from ansible-core 2.19.12',
    '',
    unsupported.length === 0
      ? '- Every keyword ansible-core 2.19 accepts in these places is accepted by this release.'
      : `- Not accepted yet: ${unsupported.join(', ')}.`,
    notFolded.length === 0
      ? '- Every keyword ansible-core marks as inherited on a task is folded by the compiler.'
      : `- Marked inherited by ansible-core but not folded by the compiler yet: ${notFolded.map(code).join(', ')}.`,
    '- Inheritance is resolved once at compile time instead of walking the parent chain for every task and',
    '  host, as ansible-core does; the rule is the same (innermost wins), only the time it is applied differs.',
    '- Accepting a keyword means it loads and is acted on; how faithfully each one behaves is stated on its',
    '  own page (Blocks, Handlers, Loops, Strategies …).',
    '',
  ];
  return out.join('\n');
}
