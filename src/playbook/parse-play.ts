import { ParseError } from '../core/errors.js';
import type { YamlMap, YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { checkStringKeywords, collectKeywords } from './collect-keywords.js';
import type { Keywords, PlayNode, RoleRef, TaskOrBlock } from './model.js';
import { PLAY_KEYWORDS } from './play-keywords.js';
import { parseRoleRef } from './parse-role-ref.js';
import { parseTaskList } from './parse-task-list.js';
import { completeCollections, withActionCollections } from './action-collections.js';
import { checkCollections } from './check-collections.js';
import { afterDeprecations, readBeforeError } from './earlier-deprecations.js';
import { libraryModules } from '../core/library-modules.js';
import { pythonClassName } from './python-class-name.js';
import { findPair, keyText } from './yaml-access.js';
import { rolesBeforeError } from './roles-before-error.js';
import { playCollectionWarnings } from './collection-warnings.js';
import { isStringLike, pyStr, truthy, VaultString } from '../core/data.js';

const PLAY_NAMES: ReadonlySet<string> = new Set(PLAY_KEYWORDS.map((k) => k.name));
const PLAY_LISTS = new Set(['pre_tasks', 'roles', 'tasks', 'post_tasks', 'handlers']);
/** The Play class's own string-typed keywords, validated after hosts. */
const PLAY_OWN_STRINGS = new Set(['fact_path', 'strategy', 'order']);

/** Play._validate_hosts: what 2.19 checks of `hosts` before any templating. */
function checkHosts(node: YamlNode): void {
  const fail = (code: string, message: string): never => {
    throw new ParseError(code, message);
  };
  if (!truthy(toData(node))) fail('PLAY_HOSTS_EMPTY', 'Hosts list cannot be empty. Please check your playbook');
  if (node.kind === 'seq') {
    for (const entry of node.items) {
      const value = toData(entry);
      if (value === null) fail('PLAY_HOSTS_INVALID', "Hosts list cannot contain values of 'None'. Please check your playbook");
      if (!isStringLike(value)) fail('PLAY_HOSTS_INVALID', `Hosts list contains an invalid host value: '${pyStr(value)}'`);
    }
  } else if (node.kind === 'map' || !(isStringLike(node.value) || node.value instanceof VaultString)) {
    fail('PLAY_HOSTS_INVALID', 'Hosts list must be a sequence or string. Please check your playbook.');
  }
}

function parseRoles(play: YamlMap, file: string): RoleRef[] {
  const node = findPair(play, 'roles')?.value;
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return [];
  if (node.kind !== 'seq') {
    const value = toData(node);
    throw new ParseError(
      'ROLES_NOT_LIST',
      `A malformed role declaration was encountered: ds (${pyStr(value)}) should be a list but was a ${pythonClassName(value)}`,
      { location: play.loc },
    );
  }
  return node.items.map((item) => parseRoleRef(item, file));
}

/** One play mapping → PlayNode, with 2.19's load-time checks. */
export function parsePlay(map: YamlMap, file: string): PlayNode {
  // NOTE: 2.19 loads a play's roles (their files too) after its vars and collections but before
  // its other keywords: an error in one of those (vars_prompt, tags, module_defaults) comes after a
  // role's. Its string-typed keywords are checked once its lists are loaded, beside hosts.
  let roles: RoleRef[] = [];
  let early: Keywords = new Map();
  const loadRoles = (keywords: Keywords): void => {
    early = keywords;
    roles = parseRoles(map, file);
  };
  let keywords: Keywords;
  try {
    keywords = collectKeywords(map, 'Play', PLAY_NAMES, PLAY_LISTS, { afterEarly: loadRoles, deferStringCheck: true });
  } catch (e) {
    if (roles.length > 0 && typeof e === 'object' && e !== null) {
      rolesBeforeError.set(e, { kind: 'play', loc: map.loc, file, keywords: early, preTasks: [], roles, tasks: [], postTasks: [], handlers: [] });
    }
    throw e;
  }
  checkCollections(findPair(map, 'collections')?.value, map.loc);
  // short action names resolve in the play's collections first
  const collections = completeCollections(keywords.get('collections')?.value);
  const list = (field: string, handlers = false) =>
    withActionCollections(collections, () => parseTaskList(findPair(map, field)?.value, file, { handlers, field, ownerLoc: map.loc }));
  // NOTE: ansible loads a play's roles before its tasks: their library/ modules resolve in them.
  libraryModules.rolesListed(roles.flatMap((role) => (typeof role.name.value === 'string' && !role.name.value.includes('{{') ? [role.name.value] : [])), file);
  // NOTE: 2.19 reads a play's lists in its attributes' order, not the file's: handlers,
  // pre_tasks, post_tasks, tasks. So their deprecations print, and a load error is met, in that order.
  try {
    const handlers = list('handlers', true);
    const preTasks = afterDeprecations(() => handlers, () => list('pre_tasks'));
    const postTasks = afterDeprecations(() => [...handlers, ...preTasks], () => list('post_tasks'));
    const tasks = afterDeprecations(() => [...handlers, ...preTasks, ...postTasks], () => list('tasks'));
    const play: PlayNode = { kind: 'play', loc: map.loc, file, keywords, preTasks, roles, tasks, postTasks, handlers };
    // NOTE: 2.19 checks hosts once the play is loaded (its lists, roles and static imports first);
    // a play without hosts fails when it is about to run (play-post-validate.ts).
    const hosts = findPair(map, 'hosts');
    const strings = map.pairs.filter((pair) => !PLAY_LISTS.has(keyText(pair)));
    try {
      // validate() walks the attributes in their classes' order: Base's, then the Play's own
      checkStringKeywords(strings.filter((pair) => !PLAY_OWN_STRINGS.has(keyText(pair))), 'Play', map);
      if (hosts !== undefined) checkHosts(hosts.value);
      checkStringKeywords(strings.filter((pair) => PLAY_OWN_STRINGS.has(keyText(pair))), 'Play', map);
    } catch (e) {
      if (typeof e === 'object' && e !== null) rolesBeforeError.set(e, play);
      throw e;
    }
    return play;
  } catch (e) {
    if (typeof e === 'object' && e !== null && rolesBeforeError.has(e)) throw e;
    // the roles were loaded before these lists, and the static imports of the tasks read before
    // the error as each was read: an error in their files comes first; the collections those
    // tasks' actions were looked up in warned as each was read
    const before = typeof e === 'object' && e !== null ? (readBeforeError.get(e) ?? []) : [];
    const partial: PlayNode = { kind: 'play', loc: map.loc, file, keywords, preTasks: before, roles, tasks: [], postTasks: [], handlers: [] };
    const loadedBefore = roles.length > 0 || before.some(importsStatically) || playCollectionWarnings(partial).length > 0;
    if (loadedBefore && typeof e === 'object' && e !== null) rolesBeforeError.set(e, partial);
    throw e;
  }
}

function importsStatically(node: TaskOrBlock): boolean {
  if (node.kind === 'block') return [...node.block, ...node.rescue, ...node.always].some(importsStatically);
  return node.action === 'import_tasks' || node.action === 'import_role';
}
