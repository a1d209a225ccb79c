/**
 * The CLI reference page, written from the CLI's option table (src/cli/options.ts) — the same
 * table the argument parser and `--help` use.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GROUP_DESCRIPTIONS, OPTIONS, type OptionSpec } from '../src/cli/options.js';
import { cell, code, generatedHeader, table } from './docs-markdown.js';

/**
 * Whether the CLI's code reads the option (`args.dest` outside the table and the parser). An option
 * nobody reads is parsed, so ansible-playbook command lines keep working, and otherwise ignored.
 * The -vvvv listing of every option (cli-args-dump.ts) shows them without acting on them.
 */
const NOT_READERS = new Set(['options.ts', 'argv.ts', 'cli-args-dump.ts']);

function readers(root: string): string {
  const dir = join(root, 'src/cli');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_READERS.has(f))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

function isRead(code: string, spec: OptionSpec): boolean {
  if (spec.dest === 'help' || spec.dest === 'version') return true;
  return new RegExp(`\\bargs\\??\\.${spec.dest}\\b|\\['${spec.dest}'\\]`).test(code);
}

/** Options Volant accepts where its design leaves nothing to do, and why. */
const NOTHING_TO_DO: Readonly<Record<string, string>> = {
  scpExtraArgs: 'files travel over the agent\'s own connection, never through scp',
  sftpExtraArgs: 'files travel over the agent\'s own connection, never through sftp',
};

function actedOn(source: string, spec: OptionSpec): string {
  if (isRead(source, spec)) return '✔';
  return NOTHING_TO_DO[spec.dest] !== undefined ? '— nothing to do' : '✘ not yet';
}

function flagsText(spec: OptionSpec): string {
  return spec.flags.map((f) => code(spec.metavar ? `${f} ${spec.metavar}` : f)).join(', ');
}

export function cliPage(root: string): string {
  const source = readers(root);
  const groups: [string, OptionSpec[]][] = [['Options', OPTIONS.filter((o) => o.group === undefined)]];
  for (const title of Object.keys(GROUP_DESCRIPTIONS)) groups.push([title, OPTIONS.filter((o) => o.group === title)]);
  const ignored = OPTIONS.filter((o) => !isRead(source, o) && NOTHING_TO_DO[o.dest] === undefined);
  const idle = OPTIONS.filter((o) => !isRead(source, o) && NOTHING_TO_DO[o.dest] !== undefined);
  const out: string[] = [
    generatedHeader('CLI reference', 'volant-playbook takes the flags of ansible-playbook 2.19.', ['src/cli/options.ts', 'src/cli/*.ts']),
    '```',
    'volant-playbook [options] playbook.yml [playbook2.yml …]',
    '```',
    '',
    'The flags are ansible-playbook 2.19\'s, with its help texts. The last column says whether Volant acts on',
    'the flag in this release (whether the command line\'s code reads it, found when this page is generated);',
    'a flag it does not act on is still accepted, so existing command lines keep working, and has no effect.',
    '',
  ];
  for (const [title, specs] of groups) {
    out.push(`## ${title}`, '');
    const description = GROUP_DESCRIPTIONS[title];
    if (description) out.push(`${cell(description.charAt(0).toUpperCase() + description.slice(1))}.`, '');
    out.push(table(['Flag', 'Description', 'Acted on'], specs.map((s) => [flagsText(s), cell(s.help), actedOn(source, s)])));
  }
  out.push(
    '## Environment and ansible.cfg',
    '',
    'Settings are read as ansible-core reads them: the command line first, then `ANSIBLE_*` environment',
    'variables, then `ansible.cfg` (`ANSIBLE_CONFIG`, `./ansible.cfg`, `~/.ansible.cfg`, `/etc/ansible/ansible.cfg`).',
    'Some settings are defaults of flags, as in ansible-playbook: `verbosity` (each `-v` adds one), `[diff] always`',
    '(turns `--diff` on), `[tags] run` and `[tags] skip` (`--tags` and `--skip-tags` add to them); with',
    '`verbose_to_stderr` the verbose lines go to stderr (case `cli-config-option-defaults`). `any_errors_fatal` and',
    '`no_log` are the default of every play that does not set them (cases `cli-config-any-errors-fatal`,',
    '`cli-config-no-log-missing-handler`); with `error_on_missing_handler` off, notifying a handler that does not',
    'exist warns instead of ending the run. `retry_files_enabled` writes the failed and unreachable hosts to',
    '`<playbook>.retry` (beside the playbook or in `retry_files_save_path`) and prints how to use it (case',
    '`cli-retry-files`); `max_diff_size` bounds what copy and template show in a diff (case `diff-max-diff-size`);',
    '`duplicate_dict_key` (`warn`, `error`, `ignore`) says what a YAML mapping that repeats a',
    'key does (cases `yaml-duplicate-key-error`, `yaml-duplicate-key-ignore`); `log_path` is in',
    '[Output and callbacks](/guides/output-and-callbacks/).',
    '',
    'The config file is found and read as ansible-core does: `ANSIBLE_CONFIG` may name a folder (its',
    '`ansible.cfg`, case `config-env-folder-quoted`); `./ansible.cfg` in a world-writable working folder is',
    'skipped with ansible\'s warning; a file that is not `.cfg` or `.ini` stops the run (exit code 5). Keys are',
    'case-insensitive, only `;` after a space starts an inline comment (`#` inside a line is part of the value,',
    'case `config-ini-comments`), an indented line continues the value above, and one pair of quotes around a',
    'text setting is dropped. `inventory` is a list of paths taken from the config file\'s folder (case',
    '`config-inventory-list`). A setting with a fixed set of values (`gathering`, `hash_behaviour`,',
    '`host_pattern_mismatch`, `duplicate_dict_key`, `display_traceback` …) set to another, or an integer setting',
    '(`forks`, `timeout`, `verbosity` …) set to what Python reads as no integer, stops the run before anything',
    'else, with exit code 5, as in ansible-core. `stdout_callback` may name a notification callback',
    '(`tree`, `junit`): nothing then prints the run (case `callback-stdout-tree`).',
    '`--start-at-task` looks for its task in each play as ansible-core does, before the play runs: among the tasks',
    '`--tags` leaves, by name or `role : name`, as a glob; a play without the task runs nothing (cases',
    '`cli-start-at-task-*`). At `-vvvv` the options are listed after the `PLAYBOOK:` banner as ansible-core lists them.',
    '',
    'Where ansible-core reads the settings before the command line, so does Volant: `--help` shows the configured',
    '`forks`, `transport`, `remote_user`, `become_method` and `become_user` as the options\' defaults (case',
    '`cli-help-configured-defaults`); the deprecations of deprecated settings (`jinja2_native`,',
    '`error_on_undefined_vars` …) print before a usage error, `--help` or `--version` (case',
    '`config-deprecated-before-usage-error`); `-v` counts up from the configured `verbosity`, a negative one too',
    '(case `config-verbosity-negative`). An abbreviated long flag that matches several names them in the parser\'s',
    'order (case `cli-ambiguous-prefix-order`); a `--` right after the playbooks goes on with their list, one after',
    'an option is among the unrecognized arguments (cases `cli-double-dash-after-playbook`,',
    '`cli-double-dash-after-option`). A value given inline to `-e` keeps where it was written: inline',
    'YAML by line and column in the option, JSON and `key=value` as the option, and an error or warning about it',
    'shows the value itself under `Origin:`, where a file\'s lines would be (case `cli-extra-vars-inline-origins`).',
    '`scripts/differential/gen_cli.py` draws random command lines, `ansible.cfg` files and `ANSIBLE_*` settings',
    'and compares both engines on them.',
    '',
    '## Differences from ansible-core 2.19.11',
    '',
    ignored.length === 0
      ? '- Every flag is acted on.'
      : `- Accepted but not acted on yet: ${ignored.map((o) => code(o.flags[o.flags.length - 1] as string)).join(', ')}.`,
    ...idle.map((o) => `- ${code(o.flags[o.flags.length - 1] as string)} is accepted with nothing to do: ${NOTHING_TO_DO[o.dest] as string}.`),
    '- There is one command, `volant-playbook`; `ansible`, `ansible-inventory`, `ansible-vault` and the other',
    '  ansible-core commands have no Volant counterpart.',
    '- `--version` and the block `-vv` opens with name Volant and node rather than ansible-core and Python.',
    '- From `-vvv` on, ansible-core narrates each connection step (`ESTABLISH LOCAL CONNECTION`, `EXEC`, `PUT`',
    '  of the module file) and which inventory plugins declined a source; Volant has no such steps (one agent',
    '  per host runs every task) and prints none of those lines. Everything `-vv` shows is the same.',
    '- ansible-core fails on a bad config file or setting value while it loads, and prints its Python traceback',
    '  after the `ERROR:` line; Volant prints the same line and exit code, without a traceback.',
    '- `--list-hosts` lists a play\'s hosts, and `--list-tags` a play\'s own `TAGS: […]`, in the order of a Python',
    '  set in ansible-core 2.19, which changes from run to run (string hashing is randomized); Volant lists them in',
    '  inventory and written order.',
    '- Tags that are not text (an integer, a boolean) are matched and checked as 2.19 does (cases `cli-tags-not-text-*`,',
    '  `cli-tags-float-fails-when-run`), but 2.19 stops `--list-tags`/`--list-tasks` with an unexpected exception',
    '  when it sorts or joins them; Volant lists them as their text.',
    '- A `%` in a configured default that `--help` shows is argparse\'s %-formatting, as in 2.19 (`%%`, `%(prog)s`,',
    '  `%(default)r` …, case `cli-help-percent-in-setting`); a key argparse has not (`%(user)s`) or a bad format ends',
    '  with 2.19\'s unexpected-exception line and rc 250, without its Python traceback.',
    '- Under `--step` with the `free` strategy, a handler answered `n` is forgotten; ansible-core 2.19 keeps it',
    '  notified and then spins without end (seen with the oracle). Under `linear` both keep it for the next flush',
    '  (case `cli-step-handler-declined`).',
    '',
  );
  return out.join('\n');
}
