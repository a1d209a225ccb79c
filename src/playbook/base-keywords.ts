/**
 * The keyword rows ansible-core 2.19's playbook classes share through their bases (Base,
 * Taggable, Conditional, CollectionSearch, Delegatable, Notifiable), so each record's table
 * lists only what is its own. Recorded from the oracle's classes; `supported` is Volant's flag.
 */
import type { KeywordSpec } from './keyword-spec.js';

/** Base: on every play, role, block, task and import_playbook. */
export const BASE: readonly KeywordSpec[] = [
  { name: 'any_errors_fatal', type: 'bool', default: false, inherited: true, supported: true },
  { name: 'become', type: 'bool', defaultFrom: 'the command line (--become)', inherited: true, supported: true },
  { name: 'become_exe', type: 'string', defaultFrom: 'the command line (--become-exe)', inherited: true, supported: true },
  { name: 'become_flags', type: 'string', defaultFrom: 'the command line (--become-flags)', inherited: true, supported: true },
  { name: 'become_method', type: 'string', defaultFrom: 'the command line (--become-method)', inherited: true, supported: true },
  { name: 'become_user', type: 'string', defaultFrom: 'the command line (--become-user)', inherited: true, supported: true },
  { name: 'check_mode', type: 'bool', defaultFrom: 'the command line (--check)', inherited: true, supported: true },
  { name: 'connection', type: 'string', defaultFrom: 'the command line (--connection)', inherited: true, supported: true },
  { name: 'debugger', type: 'string', inherited: true, supported: true },
  { name: 'diff', type: 'bool', defaultFrom: 'the command line (--diff)', inherited: true, supported: true },
  { name: 'environment', type: 'list', inherited: true, supported: true },
  { name: 'ignore_errors', type: 'bool', inherited: true, supported: true },
  { name: 'ignore_unreachable', type: 'bool', inherited: true, supported: true },
  { name: 'module_defaults', type: 'list', inherited: true, supported: true },
  { name: 'name', type: 'string', default: '', inherited: false, supported: true },
  { name: 'no_log', type: 'bool', default: false, inherited: true, supported: true },
  { name: 'port', type: 'int', inherited: true, supported: true },
  { name: 'remote_user', type: 'string', defaultFrom: 'the command line (--user)', inherited: true, supported: true },
  { name: 'run_once', type: 'bool', inherited: true, supported: true },
  { name: 'throttle', type: 'int', default: 0, inherited: true, supported: true },
  { name: 'timeout', type: 'int', default: 0, inherited: true, supported: true },
  { name: 'vars', type: 'dict', default: new Map(), inherited: false, supported: true },
];

export const TAGGABLE: readonly KeywordSpec[] = [{ name: 'tags', type: 'list', default: [], inherited: true, supported: true }];
export const CONDITIONAL: readonly KeywordSpec[] = [{ name: 'when', type: 'list', default: [], inherited: true, supported: true }];
export const COLLECTION_SEARCH: readonly KeywordSpec[] = [{ name: 'collections', type: 'list', default: [], inherited: true, supported: true }];
export const NOTIFIABLE: readonly KeywordSpec[] = [{ name: 'notify', type: 'list', inherited: true, supported: true }];
export const DELEGATABLE: readonly KeywordSpec[] = [
  { name: 'delegate_facts', type: 'bool', inherited: true, supported: true },
  { name: 'delegate_to', type: 'string', inherited: true, supported: true },
];

/**
 * One record's table: its bases and its own rows, where an own row replaces a base row of the
 * same name, sorted by name.
 * NOTE: code-point order, not localeCompare: the first localeCompare of a process loads ICU's
 * collator (~50 ms of every CLI start), and for these names both orders are the same.
 */
export function keywordTable(bases: readonly (readonly KeywordSpec[])[], own: readonly KeywordSpec[]): readonly KeywordSpec[] {
  const byName = new Map<string, KeywordSpec>();
  for (const rows of [...bases, own]) for (const row of rows) byName.set(row.name, row);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
