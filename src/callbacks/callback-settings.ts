import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pyRepr } from '../core/data.js';
import type { CallbackOptions } from './callback-options.js';
import { colorEnabled, COLOR_SETTING_KEYS, configBoolean } from './color-settings.js';
import type { ColorRole } from './format/colors.js';
import type { JunitOptions } from './junit-callback.js';
import type { ProfileTasksOptions } from './profile-tasks-callback.js';

/** Reads one setting: its environment variable first, then ansible.cfg's `[section] key`. */
export interface ConfigLookup {
  get(envName: string, section: string, key: string): string | undefined;
}

export type CallbackSettings = Omit<CallbackOptions, 'verbosity' | 'out' | 'err' | 'checkMode'>;

/**
 * Every setting the built-in stdout callbacks read, by ansible's names (env and ansible.cfg),
 * with ansible's defaults: what the CLI spreads into createCallback's options.
 */
export function callbackSettings(config: ConfigLookup, env: Readonly<Record<string, string | undefined>>, stdout: { isTTY: boolean; columns?: number }): CallbackSettings {
  const bool = (name: string, key: string, fallback: boolean, section = 'defaults'): boolean => {
    const v = config.get(`ANSIBLE_${name}`, section, key);
    return v === undefined ? fallback : configBoolean(v);
  };
  const optionalBool = (name: string, key: string): boolean | undefined => {
    const v = config.get(`ANSIBLE_${name}`, 'defaults', key);
    return v === undefined || v === '' ? undefined : configBoolean(v);
  };
  const int = (name: string, section: string, key: string): number | undefined => {
    const v = config.get(name, section, key);
    const n = v === undefined ? NaN : parseInt(v, 10);
    return Number.isNaN(n) ? undefined : n;
  };
  const colors: Partial<Record<ColorRole, string>> = {};
  for (const [role, key] of Object.entries(COLOR_SETTING_KEYS) as [ColorRole, string][]) {
    const v = config.get(`ANSIBLE_COLOR_${key.toUpperCase()}`, 'colors', key);
    if (v) colors[role] = v;
  }
  const format = config.get('ANSIBLE_CALLBACK_RESULT_FORMAT', 'defaults', 'callback_result_format');
  const limit = config.get('PROFILE_TASKS_TASK_OUTPUT_LIMIT', 'callback_profile_tasks', 'task_output_limit');
  const sortOrder = config.get('PROFILE_TASKS_SORT_ORDER', 'callback_profile_tasks', 'sort_order');
  const summaryOnly = config.get('PROFILE_TASKS_SUMMARY_ONLY', 'callback_profile_tasks', 'summary_only');
  const datetimeFormat = config.get('PROFILE_TASKS_DATETIME_FORMAT', 'callback_profile_tasks', 'datetime_format');
  const profileTasks: ProfileTasksOptions = {
    ...(limit === 'all' ? { outputLimit: 'all' as const } : limit !== undefined && !Number.isNaN(parseInt(limit, 10)) ? { outputLimit: parseInt(limit, 10) } : {}),
    ...(sortOrder === 'ascending' || sortOrder === 'descending' || sortOrder === 'none' ? { sortOrder } : {}),
    ...(summaryOnly !== undefined ? { summaryOnly: configBoolean(summaryOnly) } : {}),
    ...(datetimeFormat ? { datetimeFormat } : {}),
  };
  const nocolor = config.get('ANSIBLE_NOCOLOR', 'defaults', 'nocolor');
  const force = config.get('ANSIBLE_FORCE_COLOR', 'defaults', 'force_color');
  return {
    color: colorEnabled(env, stdout.isTTY, { nocolor: configBoolean(nocolor), forceColor: configBoolean(force) }),
    colors,
    ...(stdout.isTTY && stdout.columns ? { columns: stdout.columns } : {}),
    displaySkippedHosts: bool('DISPLAY_SKIPPED_HOSTS', 'display_skipped_hosts', true),
    verboseToStderr: bool('VERBOSE_TO_STDERR', 'verbose_to_stderr', false),
    displayOkHosts: bool('DISPLAY_OK_HOSTS', 'display_ok_hosts', true),
    displayFailedStderr: bool('DISPLAY_FAILED_STDERR', 'display_failed_stderr', false),
    showCustomStats: bool('SHOW_CUSTOM_STATS', 'show_custom_stats', false),
    showPerHostStart: bool('SHOW_PER_HOST_START', 'show_per_host_start', false),
    checkModeMarkers: bool('CHECK_MODE_MARKERS', 'check_mode_markers', false),
    showTaskPathOnFailure: bool('SHOW_TASK_PATH_ON_FAILURE', 'show_task_path_on_failure', false),
    displayArgsToStdout: bool('DISPLAY_ARGS_TO_STDOUT', 'display_args_to_stdout', false),
    deprecationWarnings: bool('DEPRECATION_WARNINGS', 'deprecation_warnings', true),
    ...(format === 'yaml' || format === 'json' ? { resultFormat: format } : {}),
    ...(optionalBool('CALLBACK_FORMAT_PRETTY', 'callback_format_pretty') !== undefined
      ? { prettyResults: optionalBool('CALLBACK_FORMAT_PRETTY', 'callback_format_pretty') }
      : {}),
    ...(int('ANSIBLE_DIFF_CONTEXT', 'diff', 'context') !== undefined ? { diffContext: int('ANSIBLE_DIFF_CONTEXT', 'diff', 'context') } : {}),
    profileTasks,
    junit: junitSettings(env),
    treeDirectory: treeDirectory(config.get('ANSIBLE_CALLBACK_TREE_DIR', 'callback_tree', 'directory') ?? '~/.ansible/tree', env),
    ...(int('ANSIBLE_JSON_INDENT', 'defaults', 'json_indent') !== undefined ? { jsonIndent: int('ANSIBLE_JSON_INDENT', 'defaults', 'json_indent') } : {}),
  };
}

/** NOTE: the junit callback reads its own environment variables, not ansible.cfg; a flag is on only when it says `true`. */
function junitSettings(env: Readonly<Record<string, string | undefined>>): JunitOptions {
  const flag = (name: string): boolean => (env[name] ?? 'False').toLowerCase() === 'true';
  return {
    outputDir: env.JUNIT_OUTPUT_DIR ?? join(env.HOME ?? homedir(), '.ansible.log'),
    taskClass: flag('JUNIT_TASK_CLASS'),
    taskRelativePath: env.JUNIT_TASK_RELATIVE_PATH ?? '',
    ...(env.JUNIT_REPLACE_OUT_OF_TREE_PATH !== undefined ? { replaceOutOfTreePath: env.JUNIT_REPLACE_OUT_OF_TREE_PATH } : {}),
    failOnChange: flag('JUNIT_FAIL_ON_CHANGE'),
    failOnIgnore: flag('JUNIT_FAIL_ON_IGNORE'),
    includeSetupTasksInReport: (env.JUNIT_INCLUDE_SETUP_TASKS_IN_REPORT ?? 'True').toLowerCase() !== 'false',
    hideTaskArguments: flag('JUNIT_HIDE_TASK_ARGUMENTS'),
    testCasePrefix: env.JUNIT_TEST_CASE_PREFIX ?? '',
  };
}

/** A `path` setting as ansible resolves it: `~` expanded, made absolute. */
function treeDirectory(path: string, env: Readonly<Record<string, string | undefined>>): string {
  return resolve(path.replace(/^~(?=\/|$)/, env.HOME ?? homedir()));
}

/** The stdout callbacks that take ansible's result_format option (its doc fragment). */
const RESULT_FORMAT_CALLBACKS = new Set(['default', 'minimal']);

/**
 * ansible checks a callback's options as it loads it: callback_result_format outside `json`,
 * `yaml` (exactly so) stops the run then, for a stdout callback that has the option.
 */
export function callbackOptionProblem(config: ConfigLookup, stdoutName: string): string | undefined {
  const name = stdoutName.trim().replace(/^ansible\.(builtin|legacy)\./, '');
  const format = config.get('ANSIBLE_CALLBACK_RESULT_FORMAT', 'defaults', 'callback_result_format');
  if (!RESULT_FORMAT_CALLBACKS.has(name) || format === undefined || format === 'json' || format === 'yaml') return undefined;
  return `Invalid value ${pyRepr(format)} for config 'result_format' for '${name}' callback plugin. Valid values are: json, yaml`;
}
