/**
 * A block: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data: the shared
 * bases of base-keywords.ts and the rows below. Recorded from the oracle's classes; `supported` is
 * Volant's own flag.
 */
import { BASE, COLLECTION_SEARCH, CONDITIONAL, DELEGATABLE, NOTIFIABLE, TAGGABLE, keywordTable } from './base-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';

export const BLOCK_KEYWORDS: readonly KeywordSpec[] = keywordTable([BASE, TAGGABLE, CONDITIONAL, COLLECTION_SEARCH, DELEGATABLE, NOTIFIABLE], [
  { name: 'always', type: 'list', default: [], inherited: false, supported: true },
  { name: 'block', type: 'list', default: [], inherited: false, supported: true },
  { name: 'rescue', type: 'list', default: [], inherited: false, supported: true },
]);
