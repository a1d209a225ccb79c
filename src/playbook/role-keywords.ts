/**
 * An entry of a play's `roles:` list: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data: the shared
 * bases of base-keywords.ts and the rows below. Recorded from the oracle's classes; `supported` is
 * Volant's own flag.
 */
import { BASE, COLLECTION_SEARCH, CONDITIONAL, DELEGATABLE, TAGGABLE, keywordTable } from './base-keywords.js';
import type { KeywordSpec } from './keyword-spec.js';

export const ROLE_KEYWORDS: readonly KeywordSpec[] = keywordTable([BASE, TAGGABLE, CONDITIONAL, COLLECTION_SEARCH, DELEGATABLE], [
  { name: 'role', type: 'string', inherited: false, supported: true },
]);
