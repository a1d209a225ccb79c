import type { ColorRole } from './format/colors.js';
import type { SourceReader } from './format/source-context.js';
import type { LogSink } from './log-file.js';
import type { JunitOptions } from './junit-callback.js';
import type { ProfileTasksOptions } from './profile-tasks-callback.js';

/** What every built-in callback is created with (the CLI fills it from flags, env and ansible.cfg). */
export interface CallbackOptions {
  /** -v count. */
  readonly verbosity: number;
  /** Colour on: stdout is a tty, or ANSIBLE_FORCE_COLOR; off with ANSIBLE_NOCOLOR / NO_COLOR. */
  readonly color: boolean;
  /** The terminal's width, or 0/undefined when stdout is not a terminal (banners are then 80 wide). */
  readonly columns?: number;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The command line's options as ansible's CLIARGS show at -vvvv when a playbook starts. */
  readonly cliArgs?: readonly string[];
  /** --check was given (the `DRY RUN` banner when check_mode_markers is on). */
  readonly checkMode?: boolean;
  /** Colour overrides (ANSIBLE_COLOR_OK=… and friends), by role. */
  readonly colors?: Partial<Record<ColorRole, string>>;
  /** How source lines are read for error blocks (default: the file system). */
  readonly readSource?: SourceReader;
  /** deprecation_warnings (default true). */
  readonly deprecationWarnings?: boolean;
  /** verbose_to_stderr: the display's verbose messages (-v and up) go to stderr. */
  readonly verboseToStderr?: boolean;
  /** Default-callback settings (ansible.cfg [defaults] / ANSIBLE_*), all with ansible's defaults. */
  readonly displaySkippedHosts?: boolean;
  readonly displayOkHosts?: boolean;
  readonly displayFailedStderr?: boolean;
  readonly showCustomStats?: boolean;
  readonly showTaskPathOnFailure?: boolean;
  readonly checkModeMarkers?: boolean;
  readonly displayArgsToStdout?: boolean;
  readonly showPerHostStart?: boolean;
  /** callback_result_format (ANSIBLE_CALLBACK_RESULT_FORMAT): json (default) or yaml. */
  readonly resultFormat?: 'json' | 'yaml';
  /** callback_format_pretty (ANSIBLE_CALLBACK_FORMAT_PRETTY); unset by default. */
  readonly prettyResults?: boolean;
  /** diff context lines (ANSIBLE_DIFF_CONTEXT / [diff] context), default 3. */
  readonly diffContext?: number;
  /** json callback: json_indent (ANSIBLE_JSON_INDENT), default 4; 0 or less prints one line. */
  readonly jsonIndent?: number;
  /** profile_tasks settings ([callback_profile_tasks] / PROFILE_TASKS_*). */
  readonly profileTasks?: ProfileTasksOptions;
  /** tree: where the per-host files go (ANSIBLE_CALLBACK_TREE_DIR / [callback_tree] directory). */
  readonly treeDirectory?: string;
  /** junit settings (JUNIT_* environment variables). */
  readonly junit?: JunitOptions;
  /** The log file (log_path), when there is one: every display call also writes a record there. */
  readonly log?: LogSink;
  /**
   * log_verbosity (LOG_VERBOSITY): when above the run's verbosity, the verbose messages up to it
   * that the screen does not show are written to the log only, as 2.19's Display.verbose does.
   */
  readonly logVerbosity?: number;
  /** The clock the json, junit, timer and profile_tasks callbacks read (tests pin it). */
  readonly now?: () => Date;
}
