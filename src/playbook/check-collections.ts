/**
 * 2.19 validates a play's, block's or task's `collections` as it loads it (a list of str; a lone
 * value is a list of it), before it resolves any action by them.
 */
import { ParseError } from '../core/errors.js';
import { pyTypeName, UnsafeString } from '../core/data.js';
import { toData } from '../yaml/to-data.js';
import type { YamlNode } from '../yaml/node.js';
import type { SourceLocation } from '../core/source-location.js';

export function checkCollections(node: YamlNode | undefined, owner: SourceLocation): void {
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return;
  for (const item of node.kind === 'seq' ? node.items : [node]) {
    const value = toData(item);
    if (typeof value === 'string' || value instanceof UnsafeString) continue;
    // NOTE: None and booleans carry no origin in 2.19: the error points at their list, or at the
    // play, block or task that holds a lone one.
    const untagged = value === null || typeof value === 'boolean';
    const location = !untagged ? item.loc : node.kind === 'seq' ? node.loc : owner;
    throw new ParseError('KEYWORD_TYPE', `Keyword 'collections' items must be of type 'str', not '${pyTypeName(value)}'.`, { location });
  }
}
