/**
 * The Keywords reference page, written from the parser's keyword tables (src/playbook/*-keywords.ts)
 * and the compiler's fold (src/compile/fold-keywords.ts), so it says what this build accepts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

/** Where the code that acts on a keyword lives: the compiler, the runner, vars, the CLI, actions, and the parser's readers. */
const READER_DIRS = ['src/compile', 'src/run', 'src/vars', 'src/cli', 'src/actions', 'src/playbook'];

function readerSources(root: string): string {
  const texts: string[] = [];
  for (const dir of READER_DIRS) {
    for (const file of readdirSync(join(root, dir))) {
      // The keyword tables and the reserved-name list only *name* keywords; they do not act on them.
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('-keywords.ts') || file === 'reserved-names.ts') continue;
      if (dir === 'src/playbook' && !/^(parse-|load-|module-args|module-defaults)/.test(file)) continue;
      texts.push(readFileSync(join(root, dir, file), 'utf8'));
    }
  }
  return texts.join('\n');
}

/**
 * Keywords that load but that no code reads by name: accepted, and without effect. A textual scan
 * (a quoted name in the reader directories), so a keyword read under another spelling would be
 * listed wrongly; the page says how the list is made.
 */
function unreadKeywords(root: string, specs: readonly KeywordSpec[]): string[] {
  const source = readerSources(root);
  const quoted = (name: string): boolean => new RegExp(`['"]${name}['"]`).test(source);
  const names = new Set(specs.filter((s) => s.supported && !s.name.includes('<')).map((s) => s.name));
  return [...names].filter((n) => !quoted(n) && !specs.some((s) => s.name === n && s.alias && quoted(s.alias))).sort();
}

function placeCell(spec: KeywordSpec | undefined, unread: ReadonlySet<string>): string {
  if (!spec) return '—';
  if (!spec.supported) return '✘ not yet';
  return unread.has(spec.name) ? '✔ no effect yet' : '✔';
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

function detailTable(specs: readonly KeywordSpec[], unread: ReadonlySet<string>): string {
  return table(
    ['Keyword', 'Type', 'Default', 'Accepted'],
    specs.map((s) => [code(s.name) + (s.alias ? ` (also ${code(s.alias)})` : ''), typeText(s), defaultText(s), placeCell(s, unread)]),
  );
}

export function keywordsPage(root: string): string {
  const unread = unreadKeywords(root, [...PLACES.flatMap((p) => p.specs), ...LOOP_CONTROL_KEYWORDS, ...IMPORT_PLAYBOOK_KEYWORDS]);
  const unreadSet = new Set(unread);
  const names = [...new Set(PLACES.flatMap((p) => p.specs.map((s) => s.name)))].sort((a, b) => a.localeCompare(b));
  const rows = names.map((name) => {
    const specs = PLACES.map((p) => p.specs.find((s) => s.name === name));
    const first = specs.find((s) => s !== undefined) as KeywordSpec;
    return [code(name), ...specs.map((s) => placeCell(s, unreadSet)), inheritedCell(specs), typeText(first)];
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
      'the compiler and runner sources',
    ]),
    'Each table below is written from the parser\'s own keyword tables, the same data that decides whether a',
    'playbook loads. A keyword that is not in the table for its place is an error at load time, as in',
    'ansible-core 2.19: `\'x\' is not a valid attribute for a Task`.',
    '',
    'Legend: **✔** accepted · **✔ no effect yet** it loads, but nothing in this release acts on it (see the',
    'end of the page) · **✘ not yet** ansible-core accepts it there, this release does not · **—** not a',
    'keyword of that place. **Inherited**: a value written on a play, role entry or block flows down to the',
    'tasks below it (play → role entry → block → task).',
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
    detailTable(PLAY_KEYWORDS, unreadSet),
    '### Role entry',
    '',
    detailTable(ROLE_KEYWORDS, unreadSet),
    '### Block',
    '',
    detailTable(BLOCK_KEYWORDS, unreadSet),
    '### Task',
    '',
    detailTable([...TASK_KEYWORDS, ...TASK_ACTION_KEYS], unreadSet),
    '### Handler',
    '',
    'A handler takes every task keyword, plus:',
    '',
    detailTable(HANDLER_KEYWORDS.filter((h) => !TASK_KEYWORDS.some((t) => t.name === h.name)), unreadSet),
    '### `loop_control`',
    '',
    detailTable(LOOP_CONTROL_KEYWORDS, unreadSet),
    '### `import_playbook` entries',
    '',
    detailTable(IMPORT_PLAYBOOK_KEYWORDS, unreadSet),
    '## Differences from ansible-core 2.19.11',
    '',
    unsupported.length === 0
      ? '- Every keyword ansible-core 2.19 accepts in these places is accepted by this release.'
      : `- Not accepted yet: ${unsupported.join(', ')}.`,
    unread.length === 0
      ? '- Every accepted keyword is read by the compiler or the runner.'
      : `- Accepted but without effect yet: ${unread.map(code).join(', ')}. A playbook using them loads and runs, ` +
        'as if they were not written. (Listed because no code of the compiler, runner, vars, CLI or actions ' +
        'names them; a textual scan made when this page is generated.)',
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
