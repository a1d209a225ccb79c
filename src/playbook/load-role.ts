import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { libraryModules } from '../core/library-modules.js';
import { pluginDirectories } from '../core/plugin-directories.js';
import type { Data, DataDict } from '../core/data.js';
import { truthy } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { loadYamlFile } from '../yaml/load-yaml-file.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { copyValueOrigin } from '../core/value-origins.js';
import { copyKeyOrigin } from '../core/key-origins.js';
import { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';
import type { RoleDefinition, RoleRef } from './model.js';
import { parseRoleRef } from './parse-role-ref.js';
import { findRoleFiles } from './role-files.js';
import { BASE } from './base-keywords.js';
import { keyText } from './yaml-access.js';
import { localCollections, splitQualifiedName } from '../core/local-collections.js';
import { completeCollections } from './action-collections.js';

export interface LoadRoleOptions {
  /** Where to look, in order: see roleSearchPaths. */
  readonly searchPaths: readonly string[];
  /** Collections searched first (none are installed): the not-found message names them. */
  readonly collections?: readonly string[];
  /** `defaults_from`, `vars_from` (tasks_from and handlers_from are for loadRoleTasks). */
  readonly from?: { readonly tasks?: string; readonly vars?: string; readonly defaults?: string; readonly handlers?: string };
  /** The role entry that named it, for the error's origin. */
  readonly loc?: SourceLocation;
}

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

function firstDocument(path: string): YamlNode | undefined {
  return loadYamlFile(path).documents[0];
}

/** vars/ or defaults/ of a role: the files' mappings merged (a `main/` directory may hold several). */
function loadVars(rolePath: string, subdir: string, main: string | undefined): DataDict {
  const { files, missing } = findRoleFiles(rolePath, subdir, main, true);
  if (missing) throw new ParseError('ROLE_FILE_NOT_FOUND', `Could not find specified file in role: ${subdir}/${main ?? 'main'}`);
  const merged: DataDict = new Map();
  for (const file of files) {
    const node = firstDocument(file);
    const data: Data = node === undefined ? null : toData(node);
    if (!truthy(data)) continue;
    if (!(data instanceof Map)) {
      throw new ParseError('ROLE_VARS_NOT_DICT', `The ${subdir}/${basename(file)} file for role '${basename(rolePath)}' must contain a dictionary of variables`);
    }
    setKeyOriginsFromNode(data, node);
    for (const [k, v] of data) {
      merged.set(k, v);
      copyValueOrigin(data, merged, k);
      copyKeyOrigin(data, merged, k);
    }
  }
  return merged;
}

function loadMeta(rolePath: string): { node: YamlNode | undefined; data: DataDict } {
  const { files } = findRoleFiles(rolePath, 'meta', undefined, false);
  const file = files[0];
  if (file === undefined) return { node: undefined, data: new Map() };
  const node = firstDocument(file);
  const data = node === undefined ? null : toData(node);
  return { node, data: data instanceof Map ? data : new Map() };
}

/** What 2.19's RoleMetadata takes: Base's keywords, collections, and its own four. */
const META_KEYS: ReadonlySet<string> = new Set([...BASE.map((k) => k.name), 'collections', 'allow_duplicates', 'dependencies', 'galaxy_info', 'argument_specs']);

function checkMetaKeys(meta: YamlNode | undefined): void {
  if (meta?.kind !== 'map') return;
  for (const pair of meta.pairs) {
    const key = keyText(pair);
    if (!META_KEYS.has(key)) throw new ParseError('INVALID_ATTRIBUTE', `'${key}' is not a valid attribute for a RoleMetadata`, { location: pair.key.loc });
  }
}

function dependencies(meta: YamlNode | undefined, file: string): RoleRef[] {
  if (meta?.kind !== 'map') return [];
  const deps = meta.pairs.find((pair) => pair.key.kind === 'scalar' && pair.key.value === 'dependencies')?.value;
  if (deps === undefined || (deps.kind === 'scalar' && deps.value === null)) return [];
  // NOTE: 2.19 points at the whole meta mapping, not at the value.
  if (deps.kind !== 'seq') throw new ParseError('ROLE_DEPS_NOT_LIST', 'Expected role dependencies to be a list.', { location: meta.loc });
  return deps.items.map((item) => parseRoleRef(item, file));
}

function argumentSpecs(rolePath: string, meta: DataDict): DataDict | undefined {
  const { files } = findRoleFiles(rolePath, 'meta', 'argument_specs', false);
  for (const file of files) {
    const node = firstDocument(file);
    const data = node === undefined ? null : toData(node);
    if (data instanceof Map) {
      const specs = data.get('argument_specs');
      return specs instanceof Map ? specs : new Map();
    }
  }
  const specs = meta.get('argument_specs');
  return specs instanceof Map ? specs : undefined;
}

/**
 * Where 2.19 looks for a role, in order: the play's directory's roles/, the roles_path, the
 * directory holding the role whose meta names it (a dependency finds its siblings), the play's
 * directory. Not deduplicated: the not-found message lists each as searched.
 */
export function roleSearchPaths(playDir: string, rolesPath: readonly string[], dependentRolePath?: string): string[] {
  return [join(playDir, 'roles'), ...rolesPath, ...(dependentRolePath === undefined ? [] : [dirname(dependentRolePath)]), playDir];
}

/** A role of a local collection: `ns.coll.role`, or a short name in one of the listed collections. */
function findCollectionRole(name: string, collections: readonly string[]): { path: string; collection: string; name: string } | undefined {
  const qualified = splitQualifiedName(name);
  if (qualified !== undefined) {
    const path = localCollections.findRole(qualified.collection, qualified.resource);
    return path === undefined ? undefined : { path, collection: qualified.collection, name };
  }
  if (name.includes('.') || name.includes('/')) return undefined;
  for (const collection of collections) {
    const path = localCollections.findRole(collection, name);
    if (path !== undefined) return { path, collection, name: `${collection}.${name}` };
  }
  return undefined;
}

/** A role's name without its collection (`greet` for `acme.tools.greet`; a legacy role's name as it is). */
export function roleShortName(role: Pick<RoleDefinition, 'name' | 'collection'>): string {
  return role.collection === undefined ? role.name : role.name.slice(role.collection.length + 1);
}

/** Where a role is, as 2.19's RoleInclude finds it before it reads any of the role's files. */
interface FoundRole {
  readonly name: string;
  readonly path: string;
  readonly collection?: string;
}

/** Finds a role by name (or path) on the search paths, or fails as 2.19 does for a role not found. */
export function findRole(name: string, options: Pick<LoadRoleOptions, 'searchPaths' | 'collections' | 'loc'>): FoundRole {
  const inCollection = findCollectionRole(name, options.collections ?? []);
  let roleName = inCollection?.name ?? name;
  let rolePath = inCollection?.path ?? options.searchPaths.map((dir) => resolve(join(dir, name))).find(isDir);
  if (rolePath === undefined && isDir(resolve(name))) {
    rolePath = resolve(name);
    roleName = basename(name);
  }
  // NOTE: 2.19 takes a role's path free of symlinks (unfrackpath): a linked roles/ folder or role
  // shows its real place in `included:` lines, origins and role_path.
  if (rolePath !== undefined && inCollection === undefined) rolePath = realpathSync(rolePath);
  if (rolePath === undefined) {
    const searched = [...(options.collections ?? []), ...options.searchPaths].join(':');
    throw new ParseError('ROLE_NOT_FOUND', `the role '${name}' was not found in ${searched}`, options.loc === undefined ? {} : { location: options.loc });
  }
  return { name: roleName, path: rolePath, ...(inCollection === undefined ? {} : { collection: inCollection.collection }) };
}

/** Finds a role by name (or path) on the search paths and reads its vars, defaults and meta. */
export function loadRole(name: string, options: LoadRoleOptions): RoleDefinition {
  const { name: roleName, path: rolePath, collection } = findRole(name, options);
  if (collection === undefined) {
    // ansible adds a legacy role's library/ and module_utils/ to the search paths as it loads the role.
    libraryModules.addDirectory(join(rolePath, 'library'));
    libraryModules.addModuleUtilsDirectory(join(rolePath, 'module_utils'));
    pluginDirectories.addBaseDirectory(rolePath);
  }
  // NOTE: 2.19 reads vars/, then defaults/, then meta/ (their warnings and errors come in that order).
  const vars = loadVars(rolePath, 'vars', options.from?.vars);
  const defaults = loadVars(rolePath, 'defaults', options.from?.defaults);
  const meta = loadMeta(rolePath);
  // NOTE: an empty file, list or string reads as no metadata (2.19 tests the value's truth).
  const metaValue = meta.node === undefined ? null : toData(meta.node);
  if (truthy(metaValue) && !(metaValue instanceof Map)) throw new ParseError('ROLE_META_NOT_DICT', `the 'meta/main.yml' for role ${roleName} is not a dictionary`);
  checkMetaKeys(meta.node);
  const metaFile = findRoleFiles(rolePath, 'meta', undefined, false).files[0] ?? join(rolePath, 'meta', 'main.yml');
  const specs = argumentSpecs(rolePath, meta.data);
  return {
    name: roleName,
    path: rolePath,
    defaults,
    vars,
    dependencies: dependencies(meta.node, metaFile),
    allowDuplicates: truthy(meta.data.get('allow_duplicates') ?? false),
    ...(collection === undefined ? {} : { collection }),
    collections: completeCollections(meta.data.get('collections'), collection),
    ...(specs === undefined ? {} : { argumentSpecs: specs }),
  };
}

/**
 * Loads the roles a play lists and their dependencies, for what loading does besides reading
 * them (adding their library/ to the module search path), ignoring any that fail: the play's
 * compile loads them again and reports those.
 */
export function loadListedRoles(names: readonly string[], playDir: string, rolesPath: readonly string[], dependentOf?: string, seen = new Set<string>()): void {
  for (const name of names) {
    let role: RoleDefinition;
    try {
      role = loadRole(name, { searchPaths: roleSearchPaths(playDir, rolesPath, dependentOf), ...(dependentOf === undefined ? {} : { collections: ['ansible.legacy'] }) });
    } catch {
      continue;
    }
    if (seen.has(role.path)) continue;
    seen.add(role.path);
    const dependencies = role.dependencies.flatMap((dep) => (typeof dep.name.value === 'string' && !dep.name.value.includes('{{') ? [dep.name.value] : []));
    loadListedRoles(dependencies, playDir, rolesPath, role.path, seen);
  }
}
