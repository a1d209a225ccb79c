import { pyRepr } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { YamlNode } from '../yaml/node.js';

/**
 * Where an error about a YAML value points. NOTE: 2.19 tags what it reads with its origin, but
 * None and booleans cannot carry a tag: an error about None shows no origin, one about a boolean
 * shows `Origin: <unknown>` and the value.
 */
export function nodeOrigin(node: YamlNode): { location?: SourceLocation; context?: string } {
  if (node.kind !== 'scalar') return { location: node.loc };
  if (node.value === null) return {};
  if (typeof node.value === 'boolean') return { context: `Origin: <unknown>\n\n${pyRepr(node.value)}` };
  return { location: node.loc };
}
