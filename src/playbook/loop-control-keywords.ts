/**
 * A task's `loop_control:`: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data.
 * Recorded from the oracle's classes; `supported` is Volant's own flag.
 */
import { PyFloat } from '../core/data.js';
import type { KeywordSpec } from './keyword-spec.js';

export const LOOP_CONTROL_KEYWORDS: readonly KeywordSpec[] = [
  { name: 'break_when', type: 'list', default: [], inherited: false, supported: true },
  { name: 'extended', type: 'bool', inherited: false, supported: true },
  { name: 'extended_allitems', type: 'bool', default: true, inherited: false, supported: true },
  { name: 'index_var', type: 'string', inherited: false, supported: true },
  { name: 'label', type: 'string', inherited: false, supported: true },
  { name: 'loop_var', type: 'string', default: "item", inherited: false, supported: true },
  { name: 'pause', type: 'float', default: new PyFloat(0), inherited: false, supported: true },
];
