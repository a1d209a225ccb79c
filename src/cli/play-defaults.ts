/**
 * Settings that are defaults of play keywords in ansible-core (a play's attribute default is the
 * setting; blocks and tasks inherit from the play): `any_errors_fatal` (ANSIBLE_ANY_ERRORS_FATAL)
 * and `no_log` (ANSIBLE_NO_LOG). A play that sets the keyword keeps its own value.
 */
import type { Data } from '../core/data.js';
import type { Keyword, PlayNode } from '../playbook/model.js';
import type { AnsibleConfig } from './config.js';

export function playKeywordDefaults(config: AnsibleConfig): Map<string, Data> {
  const defaults = new Map<string, Data>();
  if (config.bool('ANSIBLE_ANY_ERRORS_FATAL', 'defaults', 'any_errors_fatal', false)) defaults.set('any_errors_fatal', true);
  if (config.bool('ANSIBLE_NO_LOG', 'defaults', 'no_log', false)) defaults.set('no_log', true);
  return defaults;
}

export function withPlayDefaults(play: PlayNode, defaults: ReadonlyMap<string, Data>): PlayNode {
  const missing = [...defaults].filter(([name]) => !play.keywords.has(name));
  if (missing.length === 0) return play;
  const keywords = new Map<string, Keyword>(play.keywords);
  for (const [name, value] of missing) keywords.set(name, { value, loc: play.loc });
  return { ...play, keywords };
}
