import { UnsafeString } from '../core/data.js';
import type { DataDict } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { keywordOf } from './collect-keywords.js';
import type { Keyword, RoleRef } from './model.js';
import { nodeOrigin } from './node-origin.js';
import { ROLE_KEYWORDS } from './role-keywords.js';
import { findPair, keyText } from './yaml-access.js';

const ROLE_NAMES: ReadonlySet<string> = new Set(ROLE_KEYWORDS.map((k) => k.name));

/**
 * An entry of `roles:` (or of a role's meta dependencies): a bare name, or a mapping with
 * `role:` (or `name:`), role-entry keywords, and everything else as role params.
 */
export function parseRoleRef(node: YamlNode, file: string): RoleRef {
  void file;
  const missing = (): never => {
    throw new ParseError('ROLE_NAME_MISSING', 'role definitions must contain a role name', { location: node.loc });
  };
  const value = node.kind === 'scalar' ? toData(node) : undefined;
  if (node.kind === 'seq' || (node.kind === 'scalar' && typeof value !== 'string' && !(value instanceof UnsafeString))) {
    // ansible's RoleInclude takes a name or a mapping, nothing else.
    throw new ParseError('ROLE_INVALID', 'Invalid role definition.', nodeOrigin(node));
  }
  // NOTE: a name with a comma is galaxy's old `src,version[,name]` form, refused with no origin.
  const text = value instanceof UnsafeString ? value.value : value;
  if (typeof text === 'string' && text.includes(',')) throw new ParseError('ROLE_OLD_STYLE', `Invalid old style role requirement: ${text}`);
  if (node.kind === 'scalar') return { loc: node.loc, name: { value: value ?? null, loc: node.loc, node }, keywords: new Map(), params: new Map() };
  const namePair = findPair(node, 'role') ?? findPair(node, 'name');
  const nameValue = namePair === undefined ? null : toData(namePair.value);
  // NOTE: 2.19 wants a name that is a non-empty str (`role: ''`, `role: 5` and `role: ~` have none).
  if (namePair === undefined || !((typeof nameValue === 'string' && nameValue !== '') || (nameValue instanceof UnsafeString && nameValue.value !== ''))) return missing();
  const name: Keyword = { value: nameValue, loc: namePair.value.loc, node: namePair.value };
  const keywords = new Map<string, Keyword>();
  const params: DataDict = new Map();
  for (const pair of node.pairs) {
    const key = keyText(pair);
    if (key === 'role' || (key === 'name' && namePair.key === pair.key)) continue;
    if (ROLE_NAMES.has(key)) keywords.set(key, keywordOf(pair.value, key, 'RoleInclude'));
    else params.set(key, toData(pair.value));
  }
  return { loc: node.loc, name, keywords, params };
}
