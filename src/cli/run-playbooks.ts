/**
 * Wires the stages for one invocation: inventory, playbooks, compile, vars, templates, the
 * transport and the callback, then runs (or lists) the playbooks.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { VaultString, isDict, pyStr, type Data, type DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';
import { setYamlFileWarningSink } from '../yaml/load-yaml-file.js';
import { ParseError, TemplateError, VolantError } from '../core/errors.js';
import { libraryModules } from '../core/library-modules.js';
import { localCollections, splitQualifiedName } from '../core/local-collections.js';
import { pluginDirectories } from '../core/plugin-directories.js';
import { installPythonPlugins } from '../python-plugins/install-python-plugins.js';
import { playCollectionWarnings, roleTaskListWarnings } from '../playbook/collection-warnings.js';
import { compilePlay, type CompileLoader, type VarsAsk } from '../compile/compile-play.js';
import { warnVarsFilesAtRoleLoad } from './role-load-vars-files.js';
import { warnReservedAsIncluded, warnReservedAsLoaded } from './reserved-names-at-load.js';
import { VarsAskedAtLoad, roleEntryAsks } from './vars-asked-at-load.js';
import { compileLoadedPlays } from '../compile/compile-loaded.js';
import { compileIncludeRole, compileIncludeTasks, includeLoopVars, type CompiledInclude } from '../compile/compile-include.js';
import { createActions } from '../actions/index.js';
import { DEFAULT_INVENTORY } from '../inventory/load-inventory.js';
import { parsePlaybook } from '../playbook/parse-playbook.js';
import { parseTaskFile } from '../playbook/parse-task-list.js';
import { findRole, loadListedRoles, loadRole, roleSearchPaths } from '../playbook/load-role.js';
import { loadRoleTasks } from '../playbook/load-role-tasks.js';
import type { ImportPlaybookNode, Keyword, Playbook, PlayNode, RoleDefinition, TaskNode } from '../playbook/model.js';
import { importPlaybookWhen } from './import-playbook-when.js';
import { completeCollections, currentDefaultCollection, setDefaultCollection } from '../playbook/action-collections.js';
import type { CompiledPlay, TaskStep } from '../compile/program.js';
import { PlaybookRunner } from '../run/playbook-runner.js';
import { implicitFlushRuns, tagFilterFor } from '../run/tags.js';
import type { Callback } from '../run/events.js';
import type { ColorRole } from '../callbacks/format/colors.js';
import type { ConnectionSpec } from '../run/transport.js';
import { createTemplateEngine, OMIT_PLACEHOLDER, withRenderDefaults } from '../template/index.js';
import { ControllerProcess } from '../run/python-processes.js';
import { callbackLoadNotices, callbackLoadWarning, formatErrorBlock, routedCallbackName, skippedStdoutCallbacks, attemptedCallbacks } from '../callbacks/index.js';
import type { LookupEnvironment, TemplateWarning, VarSource } from '../template/api.js';
import { createTransport, closeTransportOnSignals } from '../transport/index.js';
import { loadYaml, yamlWarningsBefore } from '../yaml/load-yaml.js';
import type { YamlWarning } from '../yaml/load-yaml.js';
import { readYamlText } from '../yaml/read-yaml-text.js';
import type { TaskOrBlock } from '../playbook/model.js';
import { varsFileContents } from '../vars/vars-file-contents.js';
import { extraVarsLoadError, parseExtraVars } from '../vars/parse-extra-vars.js';
import type { ParsedArgs } from './argv.js';
import { expandHome, type AnsibleConfig } from './config.js';
import { RunnerVars, type LoadedVarsFile } from '../vars/runner-vars.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { PlayVars, VarsPort } from '../run/vars-port.js';
import { VaultSecrets, runVault, setRunVault } from './vault-secrets.js';
import { VarsFiles } from '../inventory/vars-files.js';
import { combinedValue } from '../vars/combine-vars.js';
import { connectionSpecFor } from './connection-spec.js';
import { cachePluginWarnings, factCacheStore } from './cache-plugin-warnings.js';
import { askPasswords, askVaultPassword } from './ask-passwords.js';
import { configLookup } from './config-lookup.js';
import { inventoryConfig, loadInventoryShowingWarnings, variablePrecedence } from './inventory-config.js';
import { gatherFactsAction, includeVarsAction } from './host-actions.js';
import { listPlaybook } from './list-playbook.js';
import { stdinTerminal } from './stdin-terminal.js';
import { promptAnswers, promptDefaults } from './vars-prompt.js';
import { retryFileWriter } from './retry-file.js';
import { playKeywordDefaults, withPlayDefaults } from './play-defaults.js';
import { renderTaskName } from '../run/task-names.js';

export interface RunContext {
  readonly args: ParsedArgs;
  readonly config: AnsibleConfig;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly callback: Callback;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly color: boolean;
  /** The `[colors]` settings: display.error's colour is `error`'s. */
  readonly colors?: Partial<Record<ColorRole, string>>;
  /** ANSIBLE_STDOUT_CALLBACK named no callback: the run fails where ansible loads callbacks. */
  readonly unloadableCallback?: VolantError;
}

function strings(value: ParsedArgs[string]): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/** A controller file ansible could not read: its AnsibleFileNotFound words, exit code 1. */
export function missingFileError(path: string): VolantError {
  return new VolantError(
    'FILE_NOT_FOUND',
    `Unable to retrieve file contents.\nCould not find or access '${path}' on the Ansible Controller.\nIf you are using a module and expect the file to exist on the remote, see the remote_src option: [Errno 2] No such file or directory: '${path}'`,
  );
}

/** Where YAML warnings (duplicate keys …) go: the callback, with their origin. */
let yamlWarning: (w: YamlWarning) => void = () => undefined;

function readYaml(path: string, open: (text: string, path: string) => string = (text, file) => runVault().openFile(text, file)) {
  if (!existsSync(path)) throw missingFileError(path);
  let loaded;
  try {
    loaded = loadYaml(open(readYamlText(path), path), path, { single: true });
  } catch (error) {
    for (const d of yamlWarningsBefore(error)) yamlWarning(d);
    throw error;
  }
  for (const d of loaded.diagnostics) yamlWarning(d);
  return loaded;
}

/** Runs a second read of files whose YAML warnings the first read showed. */
function withoutYamlWarnings<T>(read: () => T): T {
  const saved = yamlWarning;
  yamlWarning = () => undefined;
  try {
    return read();
  } finally {
    yamlWarning = saved;
  }
}

/** An import_playbook name, templated as the playbook loads: a template error is a parser error at the name. */
function renderImportName(entry: ImportPlaybookNode, render: (text: string) => Data): string {
  try {
    return pyStr(render(pyStr(entry.file.value)));
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    throw new ParseError('IMPORT_PLAYBOOK_TEMPLATE', `Error processing keyword 'import_playbook': ${e.message}`, { location: entry.file.loc });
  }
}

/**
 * Where an import_playbook name leads: a local collection's playbook (`ns.coll.name`), which makes
 * that collection the default for short names from then on, as 2.19 does; else a file from the
 * importing playbook's folder (its `collections/` folder is not searched).
 */
function importedPlaybookPath(name: string, importer: string): string {
  const qualified = splitQualifiedName(name);
  const inCollection = qualified === undefined ? undefined : localCollections.findPlaybook(qualified.collection, qualified.resource);
  if (qualified !== undefined && inCollection !== undefined) {
    setDefaultCollection(qualified.collection);
    return inCollection;
  }
  // NOTE: 2.19 adds such a file's folder to its playbook paths too late for any lookup to see it
  return isAbsolute(name) ? name : resolve(dirname(importer), name);
}

/** Reads a playbook with its import_playbook entries expanded, as ansible does before running. */
export function loadPlaybookFile(path: string, warn: (m: string) => void, render: (text: string, entryVars?: DataDict, origin?: SourceLocation) => Data = (t) => t): Playbook {
  const loaded = readYaml(path);
  void warn;
  // ansible adds a playbook's library/ and module_utils/ to the search paths as it loads the playbook.
  libraryModules.addDirectory(join(dirname(path), 'library'));
  libraryModules.addModuleUtilsDirectory(join(dirname(path), 'module_utils'));
  pluginDirectories.addBaseDirectory(dirname(path));
  const playbook = parsePlaybook(loaded.documents, path);
  const entries: Playbook['entries'][number][] = [];
  for (const entry of playbook.entries) {
    if (entry.kind !== 'import_playbook') {
      entries.push(entry);
      continue;
    }
    const vars = entry.keywords.get('vars');
    // The name sees the entry's own vars, then playbook_dir and extra vars, as 2.19's PlaybookInclude templates it.
    const local: DataDict = new Map(isDict(vars?.value) ? vars.value : []);
    local.set('playbook_dir', dirname(resolve(path)));
    let imported: Playbook;
    let when: Keyword | undefined;
    try {
      const name = renderImportName(entry, (text) => render(text, local));
      when = importPlaybookWhen(entry.keywords.get('when'), (text, origin) => render(text, local, origin));
      imported = loadPlaybookFile(importedPlaybookPath(name, path), warn, render);
    } catch (e) {
      if (entries.length === 0) throw e;
      return { file: playbook.file, entries, loadError: e };
    }
    const tags = entry.keywords.get('tags');
    for (const entered of imported.entries) {
      const sub = entered.kind === 'play' ? { ...entered, importDepth: (entered.importDepth ?? 0) + 1 } : entered;
      if (sub.kind !== 'play' || ((!vars || !isDict(vars.value)) && !when && !tags)) {
        entries.push(sub);
        continue;
      }
      const keywords = new Map(sub.keywords);
      if (vars && isDict(vars.value)) {
        // The import's vars become play vars of every imported play, over the play's own (2.19's entry.vars | import.vars).
        const own = sub.keywords.get('vars');
        const merged: DataDict = new Map([...(own && isDict(own.value) ? own.value : []), ...vars.value]);
        // Each value keeps where it was written (a reserved name's warning points there).
        for (const kw of [vars, own]) setKeyOriginsFromNode(merged, kw?.node);
        keywords.set('vars', { value: merged, loc: own?.loc ?? vars.loc });
      }
      // The import's tags join each imported play's.
      if (tags && tags.value !== null) {
        const listed = (kw: typeof tags | undefined): Data[] => (kw === undefined || kw.value === null ? [] : Array.isArray(kw.value) ? kw.value : [kw.value]);
        const own = sub.keywords.get('tags');
        const union = [...listed(own)];
        for (const tag of listed(tags)) if (!union.some((t) => pyStr(t) === pyStr(tag))) union.push(tag);
        keywords.set('tags', { value: union, loc: own?.loc ?? tags.loc });
      }
      // The import's `when` applies to every task of the imported plays.
      if (when) keywords.set('when', when);
      entries.push({ ...sub, keywords });
    }
    if (imported.loadError !== undefined) return { file: playbook.file, entries, loadError: imported.loadError };
  }
  return { file: playbook.file, entries, ...(playbook.loadError === undefined ? {} : { loadError: playbook.loadError }) };
}

export async function runPlaybooks(ctx: RunContext): Promise<number> {
  const { args, config, cwd, callback } = ctx;
  const verbosity = (args.verbose as number | undefined) ?? 0;
  // NOTE: a path setting: taken from the config file's folder when the file set it.
  const configVaultFile = config.path('ANSIBLE_VAULT_PASSWORD_FILE', 'defaults', 'vault_password_file', cwd);
  const identityList = config.get('ANSIBLE_VAULT_IDENTITY_LIST', 'defaults', 'vault_identity_list');
  const vaultOptions = {
    ids: [...(identityList ? identityList.split(',').map((id) => id.trim()) : []), ...strings(args.vaultIds)],
    passwordFiles: [...strings(args.vaultPasswordFiles), ...(configVaultFile ? [configVaultFile] : [])],
    askVaultPass: Boolean(args.askVaultPass),
    // NOTE: a text setting in 2.19: any value but an empty one turns it on, 'false' too
    idMatch: Boolean(config.get('ANSIBLE_VAULT_ID_MATCH', 'defaults', 'vault_id_match')),
    defaultId: config.get('ANSIBLE_VAULT_IDENTITY', 'defaults', 'vault_identity') ?? 'default',
  };
  const showVault = (message: string, verbosity: number): void => callback.display?.(message, { verbosity });
  const vaultSecrets = VaultSecrets.fromOptions(vaultOptions, cwd, askVaultPassword, (m) => callback.warning?.(m), showVault);
  vaultSecrets.trace = showVault;
  VaultString.traced = verbosity >= 4;
  setRunVault(vaultSecrets);
  const becomeMethod = (args.becomeMethod as string | undefined) ?? config.get('ANSIBLE_BECOME_METHOD', 'privilege_escalation', 'become_method') ?? 'sudo';
  const agnosticPrompt = config.bool('ANSIBLE_AGNOSTIC_BECOME_PROMPT', 'privilege_escalation', 'agnostic_become_prompt', true);
  const passwords = askPasswords(args, cwd, agnosticPrompt ? 'BECOME' : becomeMethod.toUpperCase());
  const warn = (m: string): void => callback.warning?.(m);
  yamlWarning = (w) => (w.version !== undefined ? callback.deprecation?.({ ...w, collection: 'ansible.builtin' }) : callback.warning?.(w));
  setYamlFileWarningSink((w) => yamlWarning(w));
  const playbookPaths = args.playbooks.map((p) => resolve(cwd, p));
  const firstDir = dirname(playbookPaths[0] as string);

  // NOTE: as 2.19's option parser: a source without a comma is a path (`~` expanded, '' the working folder).
  const sources = strings(args.inventory).map((s) => (s.includes(',') ? s : resolve(cwd, expandHome(s))));
  const configured = config.pathList('ANSIBLE_INVENTORY', 'defaults', 'inventory', cwd);
  // One reader of host_vars/ and group_vars/ for the run (vaulted files open with the run's secrets).
  const hashBehaviour = config.get('ANSIBLE_HASH_BEHAVIOUR', 'defaults', 'hash_behaviour') === 'merge' ? 'merge' : 'replace';
  const combineValues = hashBehaviour === 'merge' ? (lower: Data, higher: Data): Data => combinedValue(lower, higher, true) : undefined;
  const openVaulted = (text: string, path: string): string => runVault().openFile(text, path);
  const varsFiles = new VarsFiles({ openFile: openVaulted, ...(combineValues ? { combineValues } : {}) });
  const inventory = loadInventoryShowingWarnings({
    sources: sources.length > 0 ? sources : (configured ?? [DEFAULT_INVENTORY]),
    playbookDir: firstDir,
    cwd,
    localPython: '/usr/bin/python3',
    ...inventoryConfig(config),
    templar: createTemplateEngine(),
    varsFiles,
    openFile: openVaulted,
    extraVarsError: () => extraVarsLoadError(strings(args.extraVars), cwd, openVaulted),
    extraVars: () => (extraVarsLoadError(strings(args.extraVars), cwd, openVaulted) ? undefined : parseExtraVars(strings(args.extraVars), cwd, false, openVaulted)),
    ...(combineValues ? { combineValues } : {}),
  }, (d) => showDetail(d, callback));
  const mismatch = (config.get('ANSIBLE_HOST_PATTERN_MISMATCH', 'inventory', 'host_pattern_mismatch') ?? 'warning').toLowerCase();
  if (mismatch === 'error' || mismatch === 'ignore') inventory.hostPatternMismatch = mismatch;
  let inventorySeen = 0;
  const flushInventory = (): void => {
    for (const d of inventory.warningDetails.slice(inventorySeen)) showDetail(d, callback);
    inventorySeen = inventory.warningDetails.length;
    inventory.drainWarnings();
  };
  flushInventory();
  const afterFlush = <T>(value: T): T => {
    flushInventory();
    return value;
  };
  const flushedAfter = <T>(change: () => T): T => {
    try {
      return change();
    } finally {
      flushInventory();
    }
  };
  // 2.19's VariableManager loads the fact cache plugin before the host list is looked at.
  for (const message of cachePluginWarnings(config)) warn(message);
  const factCache = factCacheStore(config, cwd, warn);
  // --flush-cache: 2.19 clears localhost and every inventory host, --limit or not.
  if (args.flushCache && factCache) for (const host of ['localhost', ...inventory.listHosts('all')]) factCache.delete(host);
  const extraVars = parseExtraVars(strings(args.extraVars), cwd, hashBehaviour === 'merge', openVaulted);
  // ansible's get_host_list: warn about an empty inventory before --limit, fail when --limit empties it.
  const noHosts = inventory.listHosts('all').length === 0;
  if (noHosts && config.bool('ANSIBLE_LOCALHOST_WARNING', 'defaults', 'localhost_warning', true)) {
    warn("provided hosts list is empty, only localhost is available. Note that the implicit localhost does not match 'all'");
  }
  const limit = args.limit as string | undefined;
  if (limit) inventory.applyLimit(limit);
  const targets = inventory.listHosts('all');
  flushInventory();
  if (!noHosts && targets.length === 0) {
    throw new VolantError('NO_HOSTS', 'Specified inventory, host pattern and/or --limit leaves us with no hosts to target.');
  }

  // Template warnings and deprecations go to the display as they happen, as 2.19's do.
  const embeddedTemplates = config.bool('ANSIBLE_ALLOW_EMBEDDED_TEMPLATES', 'defaults', 'allow_embedded_templates', true);
  const warnTemplate = (w: TemplateWarning): void => {
    if (w.kind === 'deprecation') callback.deprecation?.({ message: w.message, ...(w.origin ? { origin: w.origin } : {}), ...(w.context !== undefined ? { context: w.context } : {}), ...(w.help ? { help: w.help } : {}), ...(w.version ? { version: w.version } : {}), ...(w.plugin ? { plugin: w.plugin } : {}), collection: w.collection ?? 'ansible.builtin' });
    else callback.warning?.({ message: w.message, ...(w.origin ? { origin: w.origin } : {}), ...(w.help ? { help: w.help } : {}), ...(w.cause ? { cause: w.cause } : {}) });
  };
  // Templating outside a task's worker runs in the controller, whose sys.stderr is the real one.
  const controller = new ControllerProcess((line) => callback.display?.(line, { stderr: true }));
  const templar = withRenderDefaults(createTemplateEngine({ embeddedTemplates }), { warn: warnTemplate, process: controller });
  const extraScope: VarSource = { get: (n) => extraVars.get(n), has: (n) => extraVars.has(n), keys: () => [...extraVars.keys()].map(String) };
  const renderLoadTime = (text: string, entryVars?: DataDict, origin?: SourceLocation): Data => {
    if (!templar.isTemplate(text)) return text;
    if (entryVars === undefined) return templar.render(text, extraScope, origin ? { origin } : {});
    const scope: VarSource = {
      get: (n) => (extraVars.has(n) ? extraVars.get(n) : entryVars.get(n)),
      has: (n) => extraVars.has(n) || entryVars.has(n),
      keys: () => [...new Set([...entryVars.keys(), ...extraVars.keys()].map(String))],
    };
    return templar.render(text, scope, origin ? { origin } : {});
  };
  // -M directories are searched as given, before the playbook's library/; the configured ones with
  // their subdirectories, after.
  for (const dir of strings(args.modulePath).flatMap((p) => p.split(':'))) libraryModules.addDirectory(resolve(cwd, dir));
  libraryModules.configure((config.get('ANSIBLE_LIBRARY', 'defaults', 'library') ?? '~/.ansible/plugins/modules:/usr/share/ansible/plugins/modules').split(':'));
  libraryModules.configureModuleUtils((config.get('ANSIBLE_MODULE_UTILS', 'defaults', 'module_utils') ?? '~/.ansible/plugins/module_utils:/usr/share/ansible/plugins/module_utils').split(':'));
  await installPythonPlugins(configLookup(config), { warn, display: (text, o) => callback.display?.(text, o), verbosity: (args.verbose as number | undefined) ?? 0 });
  // pathspecs: `~` expanded, relative entries from the config file's folder (else the working folder)
  const rolesPath = configLookup(config)('DEFAULT_ROLES_PATH') as string[];
  libraryModules.onRolesListed((names, playFile) => loadListedRoles(names, dirname(playFile), rolesPath));
  // (localCollections was configured by main, before the callbacks loaded.)
  let playbooks = playbookPaths.map((p) => loadPlaybookFile(p, warn, renderLoadTime));
  // A collection's playbook imported anywhere makes its collection the default for every task as
  // 2.19 resolves it again to run it, earlier plays' too: read them all again with it (quietly).
  if (currentDefaultCollection() !== undefined) playbooks = withoutYamlWarnings(() => playbookPaths.map((p) => loadPlaybookFile(p, warn, renderLoadTime)));
  // a playbook that failed to load part way carries its earlier deprecations in the error
  for (const playbook of playbooks) if (playbook.loadError === undefined) reportDeprecations(playbook, callback);
  const runTags = strings(args.tags).flatMap((t) => t.split(','));
  // NOTE: 2.19's loader caches a vars file it parsed (load_from_file's cache): a vaulted one is
  // decrypted once in a run, which -vvvv shows.
  const openedVarsFiles = new Map<string, string>();
  const openVarsFile = (text: string, path: string): string => {
    const key = `${path}\0${text}`;
    const plain = openedVarsFiles.get(key) ?? runVault().openFile(text, path);
    openedVarsFiles.set(key, plain);
    return plain;
  };
  const loadVarsFile = (name: string, scope: VarSource, playDir = firstDir): LoadedVarsFile | undefined => {
    const rendered = pyStr(templar.isTemplate(name) ? templar.render(name, scope, {}) : name);
    // As 2.19's path_dwim_relative_stack: beside the play's own file (an imported playbook's too), vars/ first.
    const candidates = isAbsolute(rendered) ? [rendered] : [resolve(playDir, 'vars', rendered), resolve(playDir, rendered)];
    const path = candidates.find((c) => existsSync(c));
    if (path === undefined) return undefined;
    if (statSync(path).isDirectory()) {
      const message = `An error occurred while trying to read the file '${path}': [Errno 21] Is a directory: '${path}'`;
      throw Object.assign(new VolantError('VARS_FILE_READ', message), { exitCode: 4 });
    }
    let loaded;
    try {
      loaded = readYaml(path, openVarsFile);
    } catch (e) {
      if (e instanceof VolantError && e.code.startsWith('VAULT')) {
        throw new VolantError('VARS_FILE_INVALID', `Invalid vars_files file '${path}'.`, { cause: e });
      }
      throw e;
    }
    return { data: varsFileContents(loaded.documents[0]), path };
  };
  const vars = new RunnerVars({
    inventory,
    playbookDir: firstDir,
    extraVars,
    configFile: config.file ?? null,
    playbookPython: '/usr/bin/python3',
    injectFactsAsVars: config.bool('ANSIBLE_INJECT_FACT_VARS', 'defaults', 'inject_facts_as_vars', true),
    privateRoleVars: config.bool('ANSIBLE_PRIVATE_ROLE_VARS', 'defaults', 'private_role_vars', false),
    ...variablePrecedence(config),
    hashBehaviour,
    varsFiles,
    globals: new Map([['omit', OMIT_PLACEHOLDER]]),
    ...(factCache ? { factCache } : {}),
    options: {
      checkMode: Boolean(args.check),
      diffMode: Boolean(args.diff),
      forks: Number(args.forks ?? config.int('ANSIBLE_FORKS', 'defaults', 'forks', 5)),
      runTags: runTags.length > 0 ? runTags : ['all'],
      skipTags: strings(args.skipTags).flatMap((t) => t.split(',')),
      verbosity: (args.verbose as number | undefined) ?? 0,
      ...(limit ? { limit } : {}),
    },
    loadVarsFile,
  });
  const magic = new Map<string | number | boolean | null, Data>([['playbook_dir', firstDir], ['omit', OMIT_PLACEHOLDER]]);
  // -vvv: the vars_files each of 2.19's get_vars(play) calls reads as it loads a play or an included file
  const varsAsked = verbosity >= 3 ? new VarsAskedAtLoad(vars, callback) : undefined;

  const staticVars = (play: PlayNode): VarSource => {
    const playVars = play.keywords.get('vars')?.value;
    const layers = [magic, isDict(playVars) ? playVars : new Map(), extraVars];
    return {
      get: (n) => {
        for (let i = layers.length - 1; i >= 0; i--) if ((layers[i] as DataDict).has(n)) return (layers[i] as DataDict).get(n);
        return undefined;
      },
      has: (n) => layers.some((l) => l.has(n)),
      keys: () => new Set(layers.flatMap((l) => [...l.keys()].map(String))),
    };
  };

  let currentPlay: PlayNode | undefined;
  // A short role name is looked for in the collections of the role naming it (a dependency: at
  // least ansible.legacy, as a role's collections always end with it), else in the play's.
  const roleCollections = (dependentOf: RoleDefinition | undefined, within: RoleDefinition | undefined, play: PlayNode | undefined): readonly string[] => {
    if (dependentOf !== undefined) return dependentOf.collections.length > 0 ? dependentOf.collections : ['ansible.legacy'];
    return within !== undefined ? within.collections : completeCollections(play?.keywords.get('collections')?.value);
  };
  const roleLookup = (dependentOf: RoleDefinition | undefined, within: RoleDefinition | undefined, loc: SourceLocation | undefined) => ({
    searchPaths: roleSearchPaths(currentPlay ? dirname(currentPlay.file) : firstDir, rolesPath, dependentOf?.path),
    collections: roleCollections(dependentOf, within, currentPlay),
    ...(loc ? { loc } : {}),
  });
  const roleLoadWarnings = new Set<string>();
  let loadingAsks: VarsAsk[] | undefined;
  const importedTasks = new WeakMap<TaskNode, readonly TaskOrBlock[]>();
  const loader: CompileLoader = {
    staticallyImporting: (path) => callback.display?.(`statically imported: ${path}`, { verbosity: 2 }),
    staticallyImported: (path, task, list) => {
      importedTasks.set(task, list);
    },
    warn,
    loadTaskFile: (path, handlers, read) => {
      const loaded = readYaml(path);
      const node = loaded.documents[0];
      // NOTE: 2.19 passes over an empty file (warned of) and refuses one that is no list before it reads the tasks.
      if (read && node?.kind === 'seq' && node.items.length > 0) read();
      const list = parseTaskFile(node, path, handlers);
      reportTaskDeprecations(list, callback);
      return list;
    },
    resolveTaskFile: (name, baseDir, role) => {
      const candidates = isAbsolute(name) ? [name] : [
        ...(role ? [join(role.def.path, 'tasks', name)] : []),
        join(baseDir, name),
        join(baseDir, 'tasks', name),
        join(firstDir, name),
      ];
      // NOTE: a missing file resolves to the last place 2.19 looks (its loader's basedir: the
      // play's playbook's folder, even for a role's file); reading it then fails.
      const playDir = currentPlay ? dirname(currentPlay.file) : firstDir;
      return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? (isAbsolute(name) ? name : join(playDir, name));
    },
    findRole: (name, dependentOf, loc, within) => {
      findRole(name, roleLookup(dependentOf, within, loc));
    },
    loadRole: (name, dependentOf, from, loc, within) => {
      if (varsAsked && currentPlay) varsAsked.asked(currentPlay, roleEntryAsks(currentPlay, dependentOf, loc));
      return loadRole(name, { ...roleLookup(dependentOf, within, loc), ...(from ? { from } : {}) });
    },
    loadRoleTasks: (role, file, handlers) => {
      const list = loadRoleTasks(role, file, handlers);
      reportTaskDeprecations(list, callback);
      // a role's collections are searched for its short action names as it loads (warned once)
      for (const message of roleTaskListWarnings(list, role.collections)) {
        if (roleLoadWarnings.has(message)) continue;
        roleLoadWarnings.add(message);
        warn(message);
      }
      return list;
    },
    renderStatic: (text, loc) => (currentPlay && templar.isTemplate(text) ? pyStr(templar.render(text, staticVars(currentPlay), { origin: loc })) : text),
    playLoc: () => currentPlay?.loc,
    // a name's template errors are warnings then (an undefined inventory_hostname, say: no host yet)
    // a play loading, or a file included as it runs, collects them (see loadingAsks)
    askingVars: (ask) => {
      loadingAsks?.push(ask);
      if (varsAsked && currentPlay) varsAsked.asked(currentPlay);
    },
    importingRole: (task) => {
      const name = task.keywords.get('name');
      if (currentPlay && name && typeof name.value === 'string' && templar.isTemplate(name.value)) renderTaskName(name.value, name, templar, staticVars(currentPlay), callback);
    },
  };
  const compileIncludeTasksFound = (step: TaskStep, file: string, args: DataDict, itemVars: DataDict | undefined): CompiledInclude => {
    try {
      return compileIncludeTasks(step, file, args, loader, itemVars);
    } catch (e) {
      if (!(e instanceof VolantError) || e.code !== 'FILE_NOT_FOUND') throw e;
      const path = loader.resolveTaskFile(file, step.baseDir, step.role);
      throw new VolantError('INCLUDE_FAILED', `Could not find or access '${path}' on the Ansible Controller: ${e.message}`);
    }
  };
  // Compiled once per play; compiling again makes it the play that run-time includes load for.
  const compiledPlays = new Map<PlayNode, CompiledPlay>();
  const playDefaults = playKeywordDefaults(config);
  const compile = (play: PlayNode): CompiledPlay => {
    currentPlay = play;
    let compiled = compiledPlays.get(play);
    if (compiled === undefined) {
      warnVarsFilesAtRoleLoad(play, staticVars(play), (name, scope) => loadVarsFile(name, scope, dirname(play.file))?.data, (d) => showDetail(d, callback));
      const asks: VarsAsk[] = [];
      loadingAsks = asks;
      try {
        compiled = compilePlay(withPlayDefaults(play, playDefaults), loader, { keepDuplicateRoles: Boolean(args.listTasks) });
      } finally {
        loadingAsks = undefined;
      }
      compiledPlays.set(play, compiled);
      warnReservedAsLoaded(vars, compiled, asks, extraVars, (d) => showDetail(d, callback));
      for (const message of playCollectionWarnings(play, (task) => importedTasks.get(task))) warn(message);
    }
    return compiled;
  };

  if (args.syntaxCheck || args.listHosts || args.listTasks || args.listTags) {
    const listVars = withVarWarnings(vars, callback);
    const noHosts = { all: [], active: () => [], batch: () => [] };
    const playVars = (play: CompiledPlay): PlayVars => {
      let vars: VarSource | undefined;
      const render = (value: Data, origin?: SourceLocation): Data => templar.renderDeep(value, (vars ??= listVars.startPlay(play, noHosts, new Map()).forPlay()), origin ? { origin } : {});
      return listVars.startPlay(play, noHosts, promptDefaults(play.play, extraVars, render));
    };
    return listPlaybook({ ...ctx, playbooks, inventory, compile, templar, playVars, flushWarnings: flushInventory });
  }

  // ansible loads the first playbook (its roles and static imports) before it loads the callbacks.
  if (playbooks[0] !== undefined) compileLoadedPlays(playbooks[0], compile);
  if (ctx.unloadableCallback) {
    const name = config.get('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback') ?? '';
    const routed = routedCallbackName(name);
    if (routed) callback.display?.(`redirecting (type: callback) ansible.builtin.${name.replace(/^ansible\.builtin\./, '')} to ${routed}`, { verbosity: 2 });
    const warning = callbackLoadWarning(name);
    if (warning) warn(warning);
    throw ctx.unloadableCallback;
  }
  const enabled = (config.get('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled') ?? '').split(',');
  const stdoutName = config.get('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback') ?? 'default';
  // each name's attempt is said first: the sort below keeps the order of equal names
  const inLoop: { name: string; show: () => void }[] = attemptedCallbacks(stdoutName).map((name) => ({
    name,
    show: () => callback.display?.(`Attempting to use '${name}' callback.`, { verbosity: 5 }),
  }));
  for (const notice of callbackLoadNotices(stdoutName, enabled)) {
    if ('warning' in notice) warn(notice.warning);
    else if ('display' in notice) callback.display?.(notice.display, { verbosity: 2 });
    else if (notice.callback !== undefined) inLoop.push({ name: notice.callback, show: () => callback.deprecation?.(notice.deprecation) });
    else callback.deprecation?.(notice.deprecation);
  }
  for (const name of skippedStdoutCallbacks(stdoutName)) {
    inLoop.push({ name, show: () => callback.display?.(`Skipping callback '${name}', as we already have a stdout callback.`, { verbosity: 2 }) });
  }
  // NOTE: 2.19's loop over the builtin callbacks goes by name (sorted files).
  for (const entry of inLoop.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) entry.show();
  const transport = createTransport({});
  const removeSignals = closeTransportOnSignals(transport);
  const lookupEnv = (baseDir: string): LookupEnvironment => ({
    baseDir: firstDir,
    searchPaths: (kind) => [join(baseDir, '..', kind), join(baseDir, kind), baseDir, join(firstDir, kind), firstDir],
    inventoryHostnames: (pattern) => afterFlush(inventory.hostsMatching(pattern)),
    vault: { decrypt: (text, file = '') => runVault().openFile(text, file), decryptBytes: (text, file = '') => runVault().openFileBytes(text, file) },
    config: configLookup(config),
    configRaw: (envName, section, key) => config.get(envName, section, key),
  });
  const actions = createActions({ includeVars: includeVarsAction });
  actions.set('gather_facts', gatherFactsAction);
  actions.set('setup', gatherFactsAction);
  const tagFilter = tagFilterFor(strings(args.tags), strings(args.skipTags));
  const forks = Number(args.forks ?? config.int('ANSIBLE_FORKS', 'defaults', 'forks', 5));
  const retryFile = retryFileWriter(config, cwd, (text) => callback.display?.(text), (text) => callback.warning?.(text));
  const startAt = args.startAtTask ? { pattern: String(args.startAtTask), done: false } : undefined;
  const error = (e: string | Error): void => ctx.err(formatErrorBlock(e instanceof VolantError ? e : new VolantError('RUN_ERROR', e instanceof Error ? e.message : e), { color: ctx.color, ...(ctx.colors ? { colors: ctx.colors } : {}) }));
  const runner = new PlaybookRunner({
    options: {
      checkMode: Boolean(args.check),
      gathering: (config.get('ANSIBLE_GATHERING', 'defaults', 'gathering') ?? 'implicit') as 'implicit',
    },
    ...(retryFile ? { retryFile } : {}),
    exec: {
      templar,
      controller,
      transport,
      actions,
      options: {
        checkMode: Boolean(args.check),
        diff: Boolean(args.diff),
        verbosity: (args.verbose as number | undefined) ?? 0,
        pollInterval: Number.parseInt(config.get('ANSIBLE_POLL_INTERVAL', 'defaults', 'poll_interval') ?? '15', 10),
        taskTimeout: config.int('ANSIBLE_TASK_TIMEOUT', 'defaults', 'task_timeout', 0),
        ...(config.get('ANSIBLE_MAX_DIFF_SIZE', 'defaults', 'max_diff_size') !== undefined ? { maxDiffSize: config.int('ANSIBLE_MAX_DIFF_SIZE', 'defaults', 'max_diff_size', 104448) } : {}),
      },
      connectionSpec: (host, hostVars, step): ConnectionSpec =>
        connectionSpecFor(host, hostVars, step, { args, config, templar, passwords, warn, isImplicitLocalhost: (h) => inventory.getHost(h)?.implicit === true }),
      lookupEnv: (step) => lookupEnv(step.baseDir),
      findFile: (step, name, kind) => {
        if (isAbsolute(name)) return existsSync(name) ? name : undefined;
        const dirs = [...(step.role ? [join(step.role.def.path, kind)] : []), join(step.baseDir, kind), join(step.baseDir, '..', kind), step.baseDir, join(firstDir, kind), firstDir];
        return dirs.map((d) => join(d, name)).find((p) => existsSync(p));
      },
    },
    callback,
    vars: withVarWarnings(vars, callback),
    includes: {
      load: async (step, result) => {
        const args = result.get('include_args');
        const argsDict = isDict(args) ? args : new Map<string | number | boolean | null, Data>();
        const itemVars = includeLoopVars(result);
        const asks: VarsAsk[] = [];
        loadingAsks = asks;
        try {
          const included = step.task.action === 'include_role' ? compileIncludeRole(step, argsDict, loader, itemVars) : compileIncludeTasksFound(step, pyStr(result.get('include')), argsDict, itemVars);
          const compiled = currentPlay && compiledPlays.get(currentPlay);
          if (compiled) warnReservedAsIncluded(vars, compiled, asks, (d) => showDetail(d, callback));
          // then the strategy asks once for each block it loaded, to filter it by tags (not for a handler's include)
          const play = currentPlay;
          return play && varsAsked && !step.task.isHandler ? { ...included, blocksAsked: () => varsAsked.asked(play, included.blocks) } : included;
        } finally {
          loadingAsks = undefined;
        }
      },
    },
    forks,
    ...(config.get('ANSIBLE_STRATEGY', 'defaults', 'strategy') ? { defaultStrategy: config.get('ANSIBLE_STRATEGY', 'defaults', 'strategy') as string } : {}),
    ...(tagFilter ? { tagFilter } : {}),
    ...(implicitFlushRuns(strings(args.tags), strings(args.skipTags)) ? {} : { skipImplicitFlush: true }),
    forceHandlers: Boolean(args.forceHandlers) || config.bool('ANSIBLE_FORCE_HANDLERS', 'defaults', 'force_handlers', false),
    terminal: stdinTerminal(ctx.out, process.stdout.columns),
    step: Boolean(args.step),
    runAhead: config.bool('VOLANT_RUNAHEAD', 'volant', 'runahead', false),
    ...(config.bool('ANSIBLE_ERROR_ON_MISSING_HANDLER', 'defaults', 'error_on_missing_handler', true) ? {} : { missingHandlerWarns: true }),
    debugger: {
      enabled: config.bool('ANSIBLE_ENABLE_TASK_DEBUGGER', 'defaults', 'enable_task_debugger', false),
      ignoreErrors: config.bool('ANSIBLE_TASK_DEBUGGER_IGNORE_ERRORS', 'defaults', 'task_debugger_ignore_errors', true),
    },
    warn,
    // Warnings of add_host and group_by (a duplicate localhost, a bad group name) show as they happen.
    // (a warning before an error that ends the run shows too: a bad group name, then an empty parent)
    addHost: (name, groups, hostVars) => flushedAfter(() => inventory.addHost(name, groups, hostVars)),
    addGroup: (host, groups, parents) => flushedAfter(() => groups.map((g) => inventory.addGroup(host, g, parents)).some(Boolean)),
    refreshInventory: () =>
      flushedAfter(() => {
        inventory.refresh();
        return (host: string) => inventory.getHost(host) !== undefined;
      }),
    hostsMatching: (pattern, order) => {
      const hosts = orderHosts(inventory.hostsMatching(pattern), order);
      flushInventory();
      return hosts;
    },
    compile,
    varsPrompt: (play, playVars) => {
      let vars: VarSource | undefined;
      // NOTE: a getter: process.stdin makes its stream (~4 ms) and most plays prompt for nothing
      const io = {
        get interactive() {
          return Boolean(process.stdin.isTTY);
        },
        out: (text: string) => ctx.out(text),
        warn,
      };
      return promptAnswers(play, extraVars, io, (value, origin) => templar.renderDeep(value, (vars ??= playVars()), origin ? { origin } : {}));
    },
    ...(startAt ? { startAt } : {}),
    error,
    loadImport: (file, from) => loadPlaybookFile(resolve(dirname(from), file), warn),
    renderPlayText: (play, text, playVars, origin) =>
      typeof text === 'string' && templar.isTemplate(text) ? templar.render(text, playVars?.() ?? staticVars(play), origin ? { origin } : {}) : text,
  });
  // "N plays in FILE" names the playbook as it was given on the command line.
  const shownAs = new Map(playbookPaths.map((path, i) => [path, String(args.playbooks[i])]));
  try {
    let code = 0;
    for (const playbook of playbooks) {
      code = await runner.run(playbook, shownAs.get(playbook.file));
      if (code !== 0) break;
    }
    // NOTE: 2.19 says so once, after the last playbook's recap, and the exit code stays.
    if (startAt && !startAt.done) error(`No matching task "${startAt.pattern}" found. Note: --start-at-task can only follow static includes.`);
    return code;
  } catch (e) {
    if (e instanceof VolantError) throw e;
    throw e;
  } finally {
    removeSignals();
    await transport.finish();
    // How many steps ran ahead of their turn: for tests, without touching the run's output.
    const trace = ctx.env.VOLANT_RUNAHEAD_TRACE;
    if (trace) writeFileSync(trace, `ran ahead: ${runner.ranAhead}\n`);
  }
}

/** The loop variables of one looped include's item (item, index var, ansible_loop). */
/** The play's `order:` (inventory is the default). */
function orderHosts(hosts: string[], order: string | undefined): string[] {
  switch (order) {
    case 'sorted':
      return [...hosts].sort();
    case 'reverse_sorted':
      return [...hosts].sort().reverse();
    case 'reverse_inventory':
      return [...hosts].reverse();
    case 'shuffle':
      return [...hosts].sort(() => Math.random() - 0.5);
    default:
      return hosts;
  }
}

/** Deprecated forms the parser saw (a mapping for `action`, …), shown before the run as 2.19 does. */
function reportDeprecations(playbook: Playbook, callback: Callback): void {
  for (const entry of playbook.entries) {
    if (entry.kind !== 'play') continue;
    // the order 2.19 reads a play's lists in (see parsePlay)
    for (const list of [entry.handlers, entry.preTasks, entry.postTasks, entry.tasks]) reportTaskDeprecations(list, callback);
  }
}

/** The deprecations of a list of tasks as it is read (a play's, a role's or an included file's). */
function reportTaskDeprecations(list: readonly TaskOrBlock[], callback: Callback): void {
  for (const node of list) {
    if (node.kind === 'block') {
      for (const part of [node.block, node.rescue, node.always]) reportTaskDeprecations(part, callback);
      continue;
    }
    for (const d of node.deprecations ?? []) {
      // The parser's message already carries the removal sentence; the callback adds it back.
      const version = /removed from ansible-core version ([\d.]+)\./.exec(d.message)?.[1];
      const message = d.message.replace(/\s*This feature will be removed.*$/, '');
      callback.deprecation?.({ message, origin: d.location, ...(d.hint ? { help: d.hint } : {}), ...(version ? { version } : {}), collection: 'ansible.builtin' });
    }
    for (const d of node.collectionDeprecations ?? []) callback.deprecation?.(d);
  }
}

/** An inventory or variables warning, with its origin, to the callback. */
function showDetail(d: WarningDetail, callback: Callback): void {
  if (d.verbosity !== undefined) return callback.display?.(d.message, { verbosity: d.verbosity });
  const event = {
    message: d.message,
    ...(d.location ? { origin: d.location } : {}),
    ...(!d.location && d.origin !== undefined ? { context: `Origin: ${d.origin}${d.shown !== undefined ? `\n\n${d.shown}` : ''}` } : {}),
    ...(d.hint ? { help: d.hint } : {}),
    ...(d.cause ? { cause: { message: d.cause.message, origin: d.cause.location } } : {}),
  };
  if (d.deprecation && d.version) callback.deprecation?.({ ...event, version: d.version, collection: 'ansible.builtin', ...(d.plugin ? { plugin: d.plugin } : {}) });
  else if (d.deprecation) callback.deprecation?.(event);
  else callback.warning?.(event);
}

/** The vars port, showing the warnings the variable manager finds (reserved names) as they appear. */
function withVarWarnings(vars: RunnerVars, callback: Callback): VarsPort {
  let seen = 0;
  const flush = (): void => {
    const details = vars.manager.warningDetails;
    for (const d of details.slice(seen)) showDetail(d, callback);
    seen = details.length;
  };
  return {
    startPlay: (play, hosts, prompted) => {
      const playVars = vars.startPlay(play, hosts, prompted);
      flush();
      return {
        forTask: (host, step, locals) => {
          const source = playVars.forTask(host, step, locals);
          if (vars.manager.warningDetails.length !== seen) flush();
          return source;
        },
        forPlay: () => playVars.forPlay(),
        forStep: (step) => playVars.forStep(step),
        addPublicRole: (role) => playVars.addPublicRole?.(role),
        startBatch: () => playVars.startBatch?.(),
        varsFilesRead: (host) => playVars.varsFilesRead(host),
      };
    },
    setFacts: (host, facts) => {
      vars.setFacts(host, facts);
      flush();
    },
    setNonPersistent: (host, v) => {
      vars.setNonPersistent(host, v);
      flush();
    },
    setIncludeVars: (host, v) => {
      vars.setIncludeVars(host, v);
      flush();
    },
    clearFacts: (host) => vars.clearFacts(host),
    factsGathered: (host) => vars.factsGathered(host),
    hostVar: (host, name) => vars.hostVar(host, name),
  };
}
