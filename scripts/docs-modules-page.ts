/**
 * The Modules reference page, written from the registries: controller-only actions
 * (createActions() plus the CLI's additions), the actions the runner and compiler handle themselves,
 * the agent's modules (their Python declarations), and ansible.builtin names not implemented yet.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createActions } from '../src/actions/index.js';
import { BUILTIN_MODULES } from '../src/playbook/builtin-actions.js';
import type { Action } from '../src/run/action.js';
import { readModuleDeclarations, type ModuleDeclarations } from './docs-python-spec.js';
import { cell, code, generatedHeader, table } from './docs-markdown.js';

/** Registered action name → the identifier of its implementation, in the file that registers it. */
function registrations(text: string, mapEntries: boolean): Map<string, string> {
  const out = new Map<string, string>();
  if (mapEntries) for (const m of text.matchAll(/\['([a-z_]+)', (\w+)\]/g)) out.set(m[1] as string, m[2] as string);
  for (const m of text.matchAll(/actions\.set\('([a-z_]+)', (\w+)\)/g)) out.set(m[1] as string, m[2] as string);
  const includeVars = /includeVars: (\w+)/.exec(text);
  if (includeVars && !out.has('include_vars')) out.set('include_vars', includeVars[1] as string);
  return out;
}

/** The file (relative to `dir`) an identifier is imported from. */
function importedFrom(text: string, ident: string): string | undefined {
  for (const m of text.matchAll(/import \{([^}]*)\} from '(\.[^']+)\.js'/g)) {
    if ((m[1] as string).split(',').some((n) => n.trim() === ident)) return `${m[2] as string}.ts`;
  }
  return undefined;
}

/** The source of one exported action, up to the next top-level export. */
function actionSource(fileText: string, ident: string): string {
  const start = fileText.search(new RegExp(`export (const|async function|function) ${ident}\\b`));
  if (start < 0) return '';
  const next = fileText.indexOf('\nexport ', start + 1);
  return fileText.slice(start, next < 0 ? undefined : next);
}

/**
 * Controller actions by name, each marked by whether it reaches the host (its code calls the
 * module runner or the agent session) or stays on the controller.
 */
function controllerActions(root: string): Map<string, { reachesHost: boolean }> {
  const out = new Map<string, { reachesHost: boolean }>();
  for (const registry of ['src/actions/index.ts', 'src/cli/run-playbooks.ts']) {
    const text = readFileSync(join(root, registry), 'utf8');
    const stub: Action = async () => new Map();
    const names = registry.endsWith('index.ts') ? [...createActions({ includeVars: stub }).keys()] : [];
    const idents = registrations(text, names.length > 0);
    for (const name of [...names, ...idents.keys()]) {
      if (!BUILTIN_MODULES.has(name)) continue;
      if (out.has(name)) continue;
      const ident = idents.get(name);
      const file = ident ? importedFrom(text, ident) : undefined;
      const fileText = ident && file ? readFileSync(join(root, dirname(registry), file), 'utf8') : '';
      // An action alone in its file may do its host work in helpers beside it (reboot's class).
      const alone = ident !== undefined && file !== undefined && [...idents.values()].filter((i) => importedFrom(text, i) === file).length === 1;
      const body = alone ? fileText : ident ? actionSource(fileText, ident) : '';
      out.set(name, { reachesHost: /ctx\.(runModule|session)\b/.test(body) });
    }
  }
  return out;
}

/** Actions the compiler and runner act on by name (`action === 'x'`), not through a registry. */
function runnerActions(root: string): string[] {
  const names = new Set<string>();
  for (const dir of ['src/compile', 'src/run']) {
    for (const file of readdirSync(join(root, dir))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(join(root, dir, file), 'utf8');
      for (const m of text.matchAll(/action === '([a-z_]+)'/g)) names.add(m[1] as string);
    }
  }
  return [...names];
}

/** The meta directives the runner's switch handles (src/run/meta.ts). */
function metaDirectives(root: string): string[] {
  const text = readFileSync(join(root, 'src/run/meta.ts'), 'utf8');
  return [...new Set([...text.matchAll(/case '([a-z_]+)':/g)].map((m) => m[1] as string))].sort();
}

/** Modules the agent session sends on as another module (`shell` → `command` …): its MODULE_OF_ACTION. */
function routedModules(root: string): Map<string, string> {
  const text = readFileSync(join(root, 'src/transport/agent-session.ts'), 'utf8');
  const table = /const MODULE_OF_ACTION = \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return new Map([...table.matchAll(/([a-z_]+): '([a-z_]+)'/g)].map((m) => [m[1] as string, m[2] as string]));
}

function agentModules(root: string): Map<string, ModuleDeclarations> {
  const dir = join(root, 'src/agent/modules');
  const out = new Map<string, ModuleDeclarations>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.py') || file.startsWith('_')) continue;
    const helperSource = (helper: string): string => readFileSync(join(dir, `${helper}.py`), 'utf8');
    out.set(file.slice(0, -3), readModuleDeclarations(readFileSync(join(dir, file), 'utf8'), helperSource));
  }
  return out;
}

function argumentsCell(decl: ModuleDeclarations): string {
  const shown = decl.arguments.filter((a) => !a.name.startsWith('_'));
  const parts = shown.map((a) => {
    let s = code(a.name) + (a.required ? ' (required)' : '');
    if (a.aliases.length > 0) s += ` (aliases: ${a.aliases.map(code).join(', ')})`;
    return s;
  });
  if (decl.fileCommonArgs) parts.push('the file attributes (`mode`, `owner`, `group`, `seuser`, `serole`, `selevel`, `setype`, `attributes`, `unsafe_writes`)');
  return parts.length > 0 ? parts.join(', ') : '(none)';
}

function moduleDetail(name: string, decl: ModuleDeclarations): string {
  const shown = decl.arguments.filter((a) => !a.name.startsWith('_'));
  const lines = [`### ${name}`, ''];
  lines.push(
    `Check mode: ${decl.supportsCheckMode ? 'supported' : 'not supported (under `--check` the task is skipped)'}. ` +
      `Diff: ${decl.readsDiffMode ? 'the module returns a diff under `--diff`' : 'the module does not read `--diff`'}.`,
  );
  lines.push('');
  if (shown.length > 0) {
    lines.push(
      table(
        ['Argument', 'Type', 'Required', 'Default', 'Aliases', 'Choices'],
        shown.map((a) => [code(a.name), a.type ?? 'str', a.required ? 'yes' : '', a.default !== undefined ? code(a.default) : '', a.aliases.map(code).join(', '), a.choices ? cell(a.choices) : '']),
      ),
    );
  }
  if (decl.fileCommonArgs) lines.push('Also takes the common file attributes: `mode`, `owner`, `group`, `seuser`, `serole`, `selevel`, `setype`, `attributes` (`attr`), `unsafe_writes`.\n');
  return lines.join('\n');
}

export function modulesPage(root: string): string {
  const actions = controllerActions(root);
  const controller = [...actions.keys()];
  const routed = routedModules(root);
  const agent = agentModules(root);
  const runner = runnerActions(root).filter((n) => BUILTIN_MODULES.has(n) && !controller.includes(n));
  // import_playbook is resolved while the playbook is parsed; it never reaches the runner.
  const parserHandled = ['import_playbook'];
  const known = new Set([...controller, ...runner, ...parserHandled, ...agent.keys(), ...routed.keys()]);
  const missing = [...BUILTIN_MODULES].filter((n) => !known.has(n)).sort();
  const controllerOnly = controller.filter((n) => !actions.get(n)?.reachesHost).sort();
  const hostHalf = controller.filter((n) => actions.get(n)?.reachesHost).sort();

  const out: string[] = [
    generatedHeader('Modules', 'Which modules run on the controller, which run in the agent on the host, and with what arguments.', [
      'src/actions/index.ts',
      'src/cli/run-playbooks.ts',
      'src/run',
      'src/transport/agent-session.ts',
      'src/agent/modules/*.py',
    ]),
    'Volant runs each task\'s action in one of the ways below. Actions are found by their short name or as',
    '`ansible.builtin.NAME` / `ansible.legacy.NAME`; no collection other than `ansible.builtin` is loaded.',
    '',
    '## Controller-only actions',
    '',
    'These never leave the controller: no connection is opened for them.',
    '',
    controllerOnly.map(code).join(', ') + '.',
    '',
    '## Actions with a controller half',
    '',
    'These start on the controller (reading a `src` file there, rendering a template there, choosing what to',
    'send) and then do their work on the host through the agent or the connection: ' + hostHalf.map(code).join(', ') + '.',
    '`copy` and `template` send the file\'s bytes inside the request to the agent\'s `copy` module, so no',
    'temporary file is transferred first.',
    '',
    '## Actions the runner handles',
    '',
    'These change what runs rather than doing work on a host: ' + [...runner, ...parserHandled].sort().map(code).join(', ') + '.',
    '',
    `\`meta\` directives handled: ${metaDirectives(root).map(code).join(', ')}.`,
    '',
    '## Agent modules',
    '',
    'These run inside the host\'s persistent agent (Python 3 standard library only), one request per task.',
    'Read from each module\'s source (`src/agent/modules/NAME.py`): **Check mode** is its',
    '`SUPPORTS_CHECK_MODE` (✘: under `--check` the task is skipped, as Ansible does); **Diff** ✔ means the',
    'module reads the diff mode and returns a diff under `--diff`. Arguments starting with `_` are internal',
    'and left out.',
    '',
    table(
      ['Module', 'Check mode', 'Diff', 'Arguments'],
      [...agent].map(([name, d]) => [code(name), d.supportsCheckMode ? '✔' : '✘', d.readsDiffMode ? '✔' : '—', argumentsCell(d)]),
    ),
    'Sent on as another agent module, as ansible-core\'s action plugins do: ' +
      [...routed].map(([from, to]) => `${code(from)} runs ${code(to)}`).join(', ') +
      '.',
    '',
    '## Arguments in detail',
    '',
    ...[...agent].map(([name, d]) => moduleDetail(name, d)),
    '## Differences from ansible-core 2.19.11',
    '',
    ...(missing.length === 0
      ? []
      : [
          `- Not implemented yet (in \`ansible.builtin\` but not in Volant): ${missing.map(code).join(', ')}. A task that names`,
          '  one of these loads, and fails when it runs with `The module NAME was not found in configured module paths`.',
        ]),
    '- Modules run inside one agent per host and user for the whole run, instead of a new Python process per',
    '  task; a module\'s results, messages and `invocation` are meant to match ansible-core\'s.',
    '- `copy` decrypts a vault-encrypted `src` as text (UTF-8): a vaulted binary file does not survive the',
    '  trip; `unarchive` sends a vaulted `src` as it is. A `--diff` of text that is not UTF-8 shows',
    '  replacement characters, where 2.19 prints `?` and warns `Non UTF-8 encoded data replaced with "?"`.',
    '- Collections other than `ansible.builtin` (and `ansible.legacy` names) are not loaded: a task naming a',
    '  module from another collection fails when the playbook loads, as 2.19 does for a name it cannot resolve.',
    '  A short name 2.19 routes to a collection (`authorized_key`, `sysctl`, `mount`, …) first warns',
    '  `Error loading plugin \'ansible.posix.authorized_key\': …`, after the lookup warnings of the tasks read',
    '  before it, as in 2.19.',
    '- `unarchive`\'s "Failed to find handler" lists each archive handler\'s reason in its handlers\' order;',
    '  2.19 joins them from a Python set, in an order that changes from run to run.',
    '- `dnf` (and `yum`) choose their backend as 2.19\'s action does, and the `dnf` (dnf4) and `dnf5` modules',
    '  check their arguments and fail as 2.19\'s do on a host without the bindings; on a host that has them,',
    '  they do not install or remove packages yet.',
    '- `deb822_repository`, `pip` and `expect` use the host\'s own python3-debian, packaging and pexpect, as',
    '  ansible\'s modules do, and fail with the same message where they are missing. `git` passes its ssh options',
    '  in `GIT_SSH_COMMAND` for every git version (ansible writes a wrapper script for git older than 2.3).',
    '  `expect` resolves `creates`/`removes` against `chdir` instead of changing the agent\'s directory.',
    '- In a play whose `collections:` names collections that are not installed, 2.19 looks up `package`\'s',
    '  backend (`apt`) through them too and warns `Error loading plugin \'apt\': …`, and every registered result',
    '  there carries such lookup warnings; Volant warns for the task\'s own action only, before its banner.',
    '- `add_host` with a `name` that is not a string stops 2.19 while it applies the result (`Invalid host name',
    '  supplied, expected a string but got <class \'bool\'> for True`, exit code 1; a list: a Python traceback);',
    '  Volant adds a host named by the value\'s text.',
    '',
  ];
  return out.join('\n');
}
