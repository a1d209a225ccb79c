/**
 * A play: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data: the shared
 * bases of base-keywords.ts and the rows below. Recorded from the oracle's classes; `supported` is
 * Volant's own flag.
 */
import { BASE, COLLECTION_SEARCH, TAGGABLE, keywordTable } from './base-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';

export const PLAY_KEYWORDS: readonly KeywordSpec[] = keywordTable([BASE, TAGGABLE, COLLECTION_SEARCH], [
  { name: 'fact_path', type: 'string', defaultFrom: 'DEFAULT_FACT_PATH', inherited: false, supported: true },
  { name: 'force_handlers', type: 'bool', defaultFrom: 'DEFAULT_FORCE_HANDLERS (ansible.cfg), false', inherited: false, supported: true },
  { name: 'gather_facts', type: 'bool', defaultFrom: 'DEFAULT_GATHERING (ansible.cfg): implicit, so true', inherited: false, supported: true },
  { name: 'gather_subset', type: 'list', defaultFrom: 'DEFAULT_GATHER_SUBSET', inherited: false, supported: true },
  { name: 'gather_timeout', type: 'int', defaultFrom: 'DEFAULT_GATHER_TIMEOUT', inherited: false, supported: true },
  { name: 'handlers', type: 'list', default: [], inherited: false, supported: true },
  { name: 'hosts', type: 'list', inherited: false, supported: true },
  { name: 'max_fail_percentage', type: 'percent', inherited: false, supported: true },
  { name: 'order', type: 'string', inherited: false, supported: true },
  { name: 'post_tasks', type: 'list', default: [], inherited: false, supported: true },
  { name: 'pre_tasks', type: 'list', default: [], inherited: false, supported: true },
  { name: 'roles', type: 'list', default: [], inherited: false, supported: true },
  { name: 'serial', type: 'list', default: [], inherited: false, supported: true },
  { name: 'strategy', type: 'string', defaultFrom: 'DEFAULT_STRATEGY (ansible.cfg), linear', inherited: false, supported: true },
  { name: 'tasks', type: 'list', default: [], inherited: false, supported: true },
  { name: 'vars_files', type: 'list', default: [], inherited: false, supported: true },
  { name: 'vars_prompt', type: 'list', default: [], inherited: false, supported: true },
]);
