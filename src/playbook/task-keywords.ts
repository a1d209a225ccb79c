/**
 * A task: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data: the shared
 * bases of base-keywords.ts and the rows below. Recorded from the oracle's classes; `supported` is
 * Volant's own flag.
 */
import { PyFloat } from '../core/data.js';
import { BASE, COLLECTION_SEARCH, CONDITIONAL, DELEGATABLE, NOTIFIABLE, TAGGABLE, keywordTable } from './base-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';

export const TASK_KEYWORDS: readonly KeywordSpec[] = keywordTable([BASE, TAGGABLE, CONDITIONAL, COLLECTION_SEARCH, DELEGATABLE, NOTIFIABLE], [
  { name: 'action', type: 'string', inherited: false, supported: true },
  { name: 'args', type: 'dict', default: new Map(), inherited: false, supported: true },
  { name: 'async', type: 'int', default: 0, inherited: false, supported: true },
  { name: 'changed_when', type: 'list', default: [], inherited: false, supported: true },
  { name: 'delay', type: 'float', default: new PyFloat(5), inherited: false, supported: true },
  { name: 'failed_when', type: 'list', default: [], inherited: false, supported: true },
  { name: 'loop', type: 'list', inherited: false, supported: true },
  { name: 'loop_control', type: 'class', defaultFrom: 'an empty loop_control', inherited: false, supported: true },
  { name: 'poll', type: 'int', defaultFrom: 'DEFAULT_POLL_INTERVAL (ansible.cfg), 15', inherited: false, supported: true },
  { name: 'register', type: 'string', inherited: false, supported: true },
  { name: 'retries', type: 'int', defaultFrom: '3 when until is set', inherited: false, supported: true },
  { name: 'timeout', type: 'int', defaultFrom: 'TASK_TIMEOUT (ansible.cfg), 0', inherited: true, supported: true },
  { name: 'until', type: 'list', default: [], inherited: false, supported: true },
]);

/**
 * Task keys that are no FieldAttribute but that ansible-core's keyword docs list: resolved by
 * the action parser (module-args.ts) rather than stored as keywords.
 */
export const TASK_ACTION_KEYS: readonly KeywordSpec[] = [
  { name: 'local_action', type: 'string', inherited: false, supported: true },
  { name: 'with_<lookup>', type: 'list', inherited: false, supported: true },
];
