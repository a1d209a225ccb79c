/**
 * An `import_playbook:` entry: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data: the shared
 * bases of base-keywords.ts and the rows below. Recorded from the oracle's classes; `supported` is
 * Volant's own flag.
 */
import { BASE, CONDITIONAL, TAGGABLE, keywordTable } from './base-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';

export const IMPORT_PLAYBOOK_KEYWORDS: readonly KeywordSpec[] = keywordTable([BASE, TAGGABLE, CONDITIONAL], [
  { name: 'import_playbook', type: 'string', inherited: false, supported: true },
]);
