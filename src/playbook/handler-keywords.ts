/**
 * A handler: a task's keywords plus `listen` (ansible-core 2.19's Handler FieldAttributes).
 */
import { keywordTable } from './base-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';
import { TASK_KEYWORDS } from './task-keywords.js';

export const HANDLER_EXTRA_KEYWORDS: readonly KeywordSpec[] = [
  { name: 'listen', type: 'list', default: [], inherited: false, supported: true },
];

export const HANDLER_KEYWORDS: readonly KeywordSpec[] = keywordTable([TASK_KEYWORDS], HANDLER_EXTRA_KEYWORDS);
