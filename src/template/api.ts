/**
 * What the rest of Volant sees of the template engine. Everything else under src/template/ is
 * the engine's own business.
 */
import type { Data } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';

/**
 * The variables a template sees. Implemented by the vars stage as layers over the host's data,
 * so rendering never copies the whole variable set. Values may be raw templates: the engine
 * renders a string value that holds `{{`/`{%` when the template reads it (lazily, with recursion
 * detection), and never renders an UnsafeString.
 */
export interface VarSource {
  get(name: string): Data | undefined;
  has(name: string): boolean;
  /** All visible names (for `varnames`, `vars` lookups and `hostvars` listing); may be slow. */
  keys(): Iterable<string>;
  /**
   * Where a variable's value was written (optional). Ansible names it in errors about the value:
   * a recursive template ("Recursive loop detected …" at the variable) and a non-boolean
   * conditional ("… derived from value of type 'str' at '<origin>'").
   */
  origin?(name: string): SourceLocation | undefined;
}

/** A warning or deprecation raised while rendering; the caller displays it (2.19's Display). */
export interface TemplateWarning {
  readonly kind: 'warning' | 'deprecation';
  /** One sentence, without the deprecation's "This feature will be removed …" tail. */
  readonly message: string;
  readonly origin?: SourceLocation;
  /** For deprecations: the ansible-core version that removes the feature. */
  readonly version?: string;
  /** For deprecations: the plugin that deprecates (`lookup plugin 'template'`). */
  readonly plugin?: string;
  /** For deprecations: the collection removing the feature (ansible.builtin when not given). */
  readonly collection?: string;
  /** What to do instead (shown after the source lines). */
  readonly help?: string;
  /** Shown in place of an origin and source lines (`Origin: <unknown>` and the value). */
  readonly context?: string;
  /** The error the warning reports, when it is at an origin of its own (shown after `<<< caused by >>>`). */
  readonly cause?: TemplateWarningCause;
}

export interface TemplateWarningCause {
  readonly message: string;
  readonly origin?: SourceLocation;
}

/**
 * The Python process 2.19 renders a template in, as far as a plugin reaches it: a task's worker
 * (forked per task and host) or the controller (a task's name in its banner, play keywords).
 */
export interface PythonProcess {
  /** fds 0, 1 and 2 are /dev/null, as in 2.19's workers, which detach from the terminal. */
  readonly detachedStdio: boolean;
  /**
   * A line Python's warnings module writes to sys.stderr (`<frozen genericpath>:39:
   * RuntimeWarning: …`); the process shows each one once, as the module's registry does.
   */
  pythonWarning(line: string): void;
}

/** What lookups and `template`/`include` need from the controller. */
export interface LookupEnvironment {
  /** Directories searched, in order, for `file`, `template`, `fileglob`, `first_found` (role's files/templates, play dir…). */
  searchPaths(kind: 'files' | 'templates' | 'vars' | 'tasks'): string[];
  /** The directory of the playbook (for `playbook_dir`-relative paths). */
  readonly baseDir: string;
  /** Inventory host names matching a pattern (for `inventory_hostnames`). */
  inventoryHostnames?(pattern: string): string[];
  /** ansible.cfg values for the `config` lookup. */
  config?(name: string): Data | undefined;
  /** A setting's raw text from its environment variable, else ansible.cfg (undefined when unset). */
  configRaw?(envName: string, section: string, key: string): string | undefined;
  /** Decrypts vault text for `unvault` and `vault` filters. */
  vault?: {
    /** `file`: where the text was read, which an error names as its origin. */
    decrypt(text: string, file?: string): string;
    /** A vault-encrypted file's plain bytes, as they were (copy's src may be any binary file). */
    decryptBytes?(text: string, file?: string): Buffer;
    encrypt?(text: string, secret: string, vaultId?: string): string;
  };
}

export interface RenderOptions {
  /** A loop's value: 2.19 renders it as deep as an expression before Python's recursion limit. */
  readonly rendersLoop?: boolean;
  /** Where the template text is in its YAML file: errors name it (Origin: file:line:col). */
  origin?: SourceLocation;
  /**
   * Ansible 2.19's native mode (default true): a template that is exactly one `{{ expr }}` yields
   * the value itself (list, dict, int, bool, None), and a mixed template yields a string.
   */
  native?: boolean;
  /** Template-module options (trim_blocks, lstrip_blocks, newline_sequence …). */
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
  newlineSequence?: string;
  /** The template module's variable_start_string … comment_end_string (Jinja's where absent). */
  delimiters?: Partial<Readonly<Record<'variableStart' | 'variableEnd' | 'blockStart' | 'blockEnd' | 'commentStart' | 'commentEnd', string>>>;
  /** The `template` module renders files: it has a path, for error messages and relative includes. */
  templatePath?: string;
  /** The directories `include`/`import` search, in order (Jinja's loader path, as the template action and lookup set it). */
  includeSearchPath?: readonly string[];
  lookup?: LookupEnvironment;
  /** Receives warnings and deprecations (e.g. a conditional wrapped in `{{ }}`); ignored when absent. */
  warn?(warning: TemplateWarning): void;
  /** The process 2.19 would render in; when absent, Volant's own stdio and no Python warnings. */
  process?: PythonProcess;
  /**
   * debug's `var` (2.19's replacing marker behaviour): what is undefined in the rendered text
   * becomes the string this returns instead of failing; a render an undefined value stops keeps
   * the text made so far, then that error's marker and a "template potentially truncated" one.
   * Called once per marker, in output order; `variableOrigin` is where the variable whose
   * template made the undefined value was written, when that is not this template.
   */
  markError?(message: string, variableOrigin: SourceLocation | undefined): string;
  /**
   * 2.19's replacing marker behaviour inside variables' own templates only (a task's name): a
   * variable whose text puts an undefined value together with more ('pre {{ nope }}') reads as
   * that text with the string this returns in the undefined value's place, numbered as it is read;
   * the template being rendered still fails on its own undefined values. `markError` implies it.
   */
  markNested?(message: string, variableOrigin: SourceLocation | undefined): string;
  /** renderDeep of a with_ loop's terms: a tuple stays a tuple (2.19 hands the lookup its terms unfinalized). */
  keepTuples?: boolean;
}

/** The engine as the controller uses it. Templates are compiled once and cached by text. */
export interface TemplateRenderer {
  /** True when the text holds Jinja markup (`{{`, `{%` or `{#`). Cheap: call before render. */
  isTemplate(text: string): boolean;
  /** Renders one string with Ansible's semantics; throws TemplateError in Ansible's words. */
  render(text: string, vars: VarSource, options?: RenderOptions): Data;
  /** Renders every string inside a structure (task args); `omit` placeholders are dropped from dicts. */
  renderDeep(value: Data, vars: VarSource, options?: RenderOptions): Data;
  /**
   * A conditional (`when`, `failed_when`, `changed_when`, `until`, assert's `that`): a bare
   * expression, or a value already boolean. A non-boolean result is 2.19's error.
   */
  evaluateConditional(condition: Data, vars: VarSource, options?: RenderOptions): boolean;
  /** A bare expression's value (debug's `var`); failures say "expression", not "template". */
  evaluateExpression(expression: string, vars: VarSource, options?: RenderOptions): Data;
}
