/**
 * volant-playbook: argv + ansible.cfg + environment → a run. The composition root: the only
 * place that knows every stage.
 */
import { unexpectedMessage } from './unexpected-error.js';
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ParseError, VolantError } from '../core/errors.js';
import { parseErrorExitCode } from '../playbook/parse-error-exit-code.js';
import { createCallbacks, formatErrorBlock } from '../callbacks/index.js';
import { Display } from '../callbacks/display.js';
import { DEFAULT_COLORS, stringc } from '../callbacks/format/colors.js';
import { callbackOptionProblem, callbackSettings } from '../callbacks/callback-settings.js';
import { ArgvError, formatHelp, parseArgv, usageError } from './argv.js';
import { AnsibleConfig, ConfigFileError } from './config.js';
import { invalidConfigValue } from './config-checks.js';
import { cliArgsLines } from './cli-args-dump.js';
import { configDeprecations } from './config-deprecations.js';
import { duplicateKeyBehavior, helpDefaults, withConfigDefaults } from './config-defaults.js';
import { setDuplicateKeyBehavior } from '../yaml/load-yaml.js';
import { runPlaybooks } from './run-playbooks.js';
import { configLookup } from './config-lookup.js';
import { localCollections } from '../core/local-collections.js';
import { RunAborted } from '../run/run-aborted.js';
import { capturable } from '../run/output-capture.js';
import type { Callback } from '../run/events.js';
import { versionText } from './version.js';
import { encodableText, UNENCODABLE_WARNING } from './unencodable-text.js';
import { openLogFile, withoutColor, type LogFile } from '../callbacks/log-file.js';

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // NOTE: 2.19 warns (once, as warnings are) when its display writes text that is not UTF-8.
  let warnUnencodable = (): void => undefined;
  const out = (text: string): void => void process.stdout.write(encodableText(text, () => warnUnencodable()));
  const err = (text: string): void => void process.stderr.write(encodableText(text, () => warnUnencodable()));
  const cwd = process.cwd();
  // NOTE: ansible-core reads its config file and checks these settings as it loads, before the
  // command line: it prints its Python traceback after the message (Volant does not) and exits 5.
  let config: AnsibleConfig;
  try {
    config = new AnsibleConfig(env, cwd);
  } catch (e) {
    if (!(e instanceof ConfigFileError)) throw e;
    err(`ERROR: ${e.message}\n\n`);
    return 5;
  }
  const invalidValue = invalidConfigValue(config);
  if (invalidValue !== undefined) {
    err(`ERROR: ${invalidValue}\n\n`);
    return 5;
  }
  const settings = callbackSettings(config, env, { isTTY: Boolean(process.stdout.isTTY), columns: process.stdout.columns });
  // NOTE: 2.19 shows the deprecated settings' deprecations as it loads its config, before it reads
  // the command line: a run that ends there (a usage error, --help, --version) shows them first.
  const beforeExit = (): void => {
    const display = new Display({ ...settings, verbosity: 0, out, err });
    for (const deprecation of configDeprecations(config)) display.deprecated(deprecation);
  };
  let args;
  try {
    args = parseArgv(argv);
  } catch (e) {
    if (e instanceof ArgvError) {
      beforeExit();
      // NOTE: ansible's parser prints the usage, the error, then a blank-ish line and the whole help.
      err(`${usageError(e.message)} \n${formatHelp(78, helpDefaults(config))}`);
      return 2;
    }
    throw e;
  }
  args = withConfigDefaults(args, config);
  setDuplicateKeyBehavior(duplicateKeyBehavior(config.get('ANSIBLE_DUPLICATE_YAML_DICT_KEY', 'defaults', 'duplicate_dict_key')));
  if (args.help) {
    beforeExit();
    out(formatHelp(78, helpDefaults(config)));
    return 0;
  }
  if (args.version) {
    beforeExit();
    out(versionText(config.file));
    return 0;
  }
  // ansible's post_process_args: the forks (option, else ANSIBLE_FORKS / ansible.cfg) must be >= 1.
  if (Number(args.forks ?? config.int('ANSIBLE_FORKS', 'defaults', 'forks', 5)) < 1) {
    beforeExit();
    err(usageError('The number of processes (--forks) must be >= 1'));
    return 2;
  }
  const color = settings.color;
  const errorColor = settings.colors?.error ?? DEFAULT_COLORS.error;
  const verbosity = (args.verbose as number | undefined) ?? 0;
  const enabled = (config.get('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled') ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  // capturable: run-ahead holds back what a step running early reports (run/output-capture.ts).
  const stdoutName = config.get('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback') ?? 'default';
  const log = runLogFile(config, env, cwd, err);
  const cliArgs = cliArgsLines(args, config, cwd);
  const logVerbosity = config.int('ANSIBLE_LOG_VERBOSITY', 'defaults', 'log_verbosity', 0);
  const callbackOptions = { ...settings, verbosity, out, err, cliArgs, checkMode: Boolean(args.check), ...(log ? { log, logVerbosity } : {}) };
  // ansible shows these with display.error: in the log as ERROR records, uncoloured.
  const showError = (text: string): void => {
    err(text);
    log?.record('ERROR', withoutColor(text));
  };
  const optionProblem = callbackOptionProblem(config, stdoutName);
  let unloadableCallback: VolantError | undefined = optionProblem === undefined ? undefined : Object.assign(new VolantError('CALLBACK_OPTION_INVALID', optionProblem), { exitCode: 5 });
  // Collections beside the playbooks named on the command line come before the configured paths;
  // known before the callbacks load, as a collection's callbacks load only when it is installed.
  for (const p of args.playbooks) localCollections.addPlaybookDirectory(dirname(resolve(cwd, p)));
  localCollections.configure(configLookup(config)('COLLECTIONS_PATHS') as string[], cwd);
  const loadCallbacks = (): Callback => {
    try {
      return createCallbacks(stdoutName, enabled, callbackOptions);
    } catch (e) {
      if (!(e instanceof VolantError && e.code === 'CALLBACK_UNKNOWN')) throw e;
      // ansible fails only when it loads the callbacks, after the inventory and playbook: until
      // then warnings and errors print as the default callback would.
      unloadableCallback = e;
      return createCallbacks('default', enabled, callbackOptions);
    }
  };
  const callback = capturable(loadCallbacks());
  warnUnencodable = () => callback.warning?.(UNENCODABLE_WARNING);
  for (const warning of config.warnings) callback.warning?.(warning);
  for (const deprecation of configDeprecations(config)) callback.deprecation?.(deprecation);
  // ansible-playbook opens -vv output with its version block (Volant's names Volant and node).
  // Through the callback's display: at -v these lines have the verbose colour, as ansible's do.
  // (the callback shows it at -vv, or only logs it when log_verbosity asks for more)
  callback.display?.(versionText(config.file).replace(/\n$/, ''), { verbosity: 2 });
  callback.display?.(config.file ? `Using ${config.file} as config file` : 'No config file found; using defaults', { verbosity: 1 });
  const errorBlock = (e: VolantError): string => formatErrorBlock(e, { color, ...(settings.colors ? { colors: settings.colors } : {}) });
  for (const playbook of args.playbooks) {
    const path = resolve(cwd, playbook);
    const problem = !existsSync(path) ? 'could not be found' : !statSync(path).isFile() ? 'does not appear to be a file' : undefined;
    if (problem !== undefined) {
      const text = `[ERROR]: the playbook: ${playbook} ${problem}`;
      showError(`${color ? stringc(text, errorColor) : text}\n`);
      return 1;
    }
  }
  try {
    return await runPlaybooks({ args, config, env, cwd, callback, out, err: showError, color, ...(settings.colors ? { colors: settings.colors } : {}), ...(unloadableCallback ? { unloadableCallback } : {}) });
  } catch (e) {
    if (e instanceof RunAborted) return e.exitCode;
    if (e instanceof VolantError) {
      for (const deprecation of e.deprecations) callback.deprecation?.(deprecation);
      for (const warning of e.warnings) callback.warning?.(warning);
      showError(errorBlock(e));
      return exitCodeOf(e);
    }
    const verbose = ((args.verbose as number | undefined) ?? 0) >= 3;
    const text = `[ERROR]: Unexpected Exception, this is probably a bug: ${unexpectedMessage(e)}`;
    err(`${color ? stringc(text, errorColor) : text}\n`);
    if (verbose && e instanceof Error && e.stack) err(`${e.stack}\n`);
    return 250;
  }
}

/**
 * The run's log file: `[defaults] log_path` / ANSIBLE_LOG_PATH (a path: `~` expanded), none when
 * [defaults] log_filter / ANSIBLE_LOG_FILTER names the `ansible` logger every record belongs to.
 */
function runLogFile(config: AnsibleConfig, env: NodeJS.ProcessEnv, cwd: string, err: (text: string) => void): LogFile | undefined {
  const path = config.path('ANSIBLE_LOG_PATH', 'defaults', 'log_path', cwd);
  if (!path) return undefined;
  const log = openLogFile(path, env, err);
  const filters = (config.get('ANSIBLE_LOG_FILTER', 'defaults', 'log_filter') ?? '').split(',').map((name) => name.trim());
  if (!filters.includes('ansible')) return log;
  // as ansible: the file is created, and stays empty
  log?.close();
  return undefined;
}

function exitCodeOf(e: VolantError): number {
  const code = (e as VolantError & { exitCode?: number }).exitCode;
  if (typeof code === 'number') return code;
  if (e instanceof ParseError) return parseErrorExitCode(e);
  if (e.name === 'YamlError') return 4;
  if (e.name === 'UsageError') return 5;
  return 1;
}


main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`[ERROR]: Unexpected Exception, this is probably a bug: ${unexpectedMessage(e)}\n`);
    process.exitCode = 250;
  },
);
