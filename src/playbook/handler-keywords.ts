/**
 * A handler: a task's keywords plus `listen` (ansible-core 2.19's Handler FieldAttributes).
 */
import type { KeywordSpec } from './keyword-spec.js';
import { TASK_KEYWORDS } from './task-keywords.js';

export const HANDLER_EXTRA_KEYWORDS: readonly KeywordSpec[] = [
  { name: 'listen', type: 'list', default: [], inherited: false, supported: true },
];

// NOTE: code-point order, not localeCompare: the first localeCompare of a process loads ICU's
// collator (~50 ms of every CLI start, measured in bench/), and for these lowercase names with
// underscores both orders are the same.
export const HANDLER_KEYWORDS: readonly KeywordSpec[] = [...TASK_KEYWORDS, ...HANDLER_EXTRA_KEYWORDS].sort((a, b) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
);
