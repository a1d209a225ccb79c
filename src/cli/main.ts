/**
 * volant-playbook: argv + ansible.cfg + environment → a run. The composition root: the only
 * place that knows every stage.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ParseError, VolantError } from '../core/errors.js';
import { parseErrorExitCode } from '../playbook/parse-error-exit-code.js';
import { createCallback, formatErrorBlock } from '../callbacks/index.js';
import { ArgvError, formatHelp, parseArgv, usageError } from './argv.js';
import { AnsibleConfig } from './config.js';
import { runPlaybooks } from './run-playbooks.js';
import { versionText } from './version.js';

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const out = (text: string): void => void process.stdout.write(text);
  const err = (text: string): void => void process.stderr.write(text);
  let args;
  try {
    args = parseArgv(argv);
  } catch (e) {
    if (e instanceof ArgvError) {
      // NOTE: ansible's parser prints the usage, the error, then a blank-ish line and the whole help.
      err(`${usageError(e.message)} \n${formatHelp()}`);
      return 2;
    }
    throw e;
  }
  const cwd = process.cwd();
  const config = new AnsibleConfig(env, cwd);
  if (args.help) {
    out(formatHelp());
    return 0;
  }
  if (args.version) {
    out(versionText(config.file));
    return 0;
  }
  const color = colorEnabled(env, config);
  const callback = createCallback(config.get('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback') ?? 'default', {
    verbosity: (args.verbose as number | undefined) ?? 0,
    color,
    columns: process.stdout.isTTY ? process.stdout.columns : 0,
    out,
    err,
    checkMode: Boolean(args.check),
    displaySkippedHosts: config.bool('ANSIBLE_DISPLAY_SKIPPED_HOSTS', 'defaults', 'display_skipped_hosts', true),
    displayOkHosts: config.bool('ANSIBLE_DISPLAY_OK_HOSTS', 'defaults', 'display_ok_hosts', true),
    showCustomStats: config.bool('ANSIBLE_SHOW_CUSTOM_STATS', 'defaults', 'show_custom_stats', false),
    checkModeMarkers: config.bool('ANSIBLE_CHECK_MODE_MARKERS', 'defaults', 'check_mode_markers', false),
  });
  const errorBlock = (e: VolantError): string => formatErrorBlock(e, { color });
  for (const playbook of args.playbooks) {
    const path = resolve(cwd, playbook);
    if (!existsSync(path) || !statSync(path).isFile()) {
      err(`${color ? '\x1b[0;31m' : ''}[ERROR]: the playbook: ${playbook} could not be found${color ? '\x1b[0m' : ''}\n`);
      return 1;
    }
  }
  try {
    return await runPlaybooks({ args, config, env, cwd, callback, out, err, color });
  } catch (e) {
    if (e instanceof VolantError) {
      err(errorBlock(e));
      return exitCodeOf(e);
    }
    const verbose = ((args.verbose as number | undefined) ?? 0) >= 3;
    err(`[ERROR]: Unexpected Exception, this is probably a bug: ${e instanceof Error ? e.message : String(e)}\n`);
    if (verbose && e instanceof Error && e.stack) err(`${e.stack}\n`);
    return 250;
  }
}

function exitCodeOf(e: VolantError): number {
  const code = (e as VolantError & { exitCode?: number }).exitCode;
  if (typeof code === 'number') return code;
  if (e instanceof ParseError) return parseErrorExitCode(e);
  if (e.name === 'YamlError') return 4;
  if (e.name === 'UsageError') return 5;
  return 1;
}

function colorEnabled(env: NodeJS.ProcessEnv, config: AnsibleConfig): boolean {
  if (config.bool('ANSIBLE_NOCOLOR', 'defaults', 'nocolor', false)) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (config.bool('ANSIBLE_FORCE_COLOR', 'defaults', 'force_color', false)) return true;
  return Boolean(process.stdout.isTTY);
}

void dirname;

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`[ERROR]: Unexpected Exception, this is probably a bug: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 250;
  },
);
