import type { SourceLocation } from './source-location.js';

/** A deprecation as a callback prints it (run/events DeprecationEvent has these fields). */
export interface ErrorDeprecation {
  readonly message: string;
  readonly origin?: SourceLocation;
  readonly version?: string;
  readonly collection?: string;
  readonly help?: string;
}

export interface VolantErrorOptions {
  readonly location?: SourceLocation;
  readonly cause?: unknown;
  readonly hint?: string;
  readonly warnings?: readonly string[];
  readonly deprecations?: readonly ErrorDeprecation[];
  readonly context?: string;
}

/**
 * Every user-facing error. `code` is stable (tests and tools match on it); `message` is in
 * Ansible's words; `location` is where in the user's files the problem is, when known.
 */
export class VolantError extends Error {
  readonly code: string;
  readonly location: SourceLocation | undefined;
  /** Extra lines Ansible prints after the origin and code frame (hints). */
  readonly hint: string | undefined;
  /** Warnings Ansible printed on the way to this error (a plugin it failed to load), shown before it. */
  readonly warnings: readonly string[];
  /** Deprecations Ansible printed on the way to this error (a file that is not UTF-8), shown before it. */
  readonly deprecations: ErrorDeprecation[];
  /** Shown in place of an origin and code frame: what a value Ansible made itself shows (`Origin: <unknown>` …). */
  readonly context: string | undefined;

  constructor(code: string, message: string, options: VolantErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.location = options.location;
    this.hint = options.hint;
    this.warnings = options.warnings ?? [];
    this.deprecations = [...(options.deprecations ?? [])];
    this.context = options.context;
  }
}

/** YAML that could not be read. ansible-playbook exits 4 for these. */
export class YamlError extends VolantError {}
/** A playbook, role or task file that is valid YAML but not a valid play (ansible's AnsibleParserError). */
export class ParseError extends VolantError {}
/** An inventory source that could not be read. */
export class InventoryError extends VolantError {}
/** A template that could not be rendered (undefined variable, syntax error, bad filter). */
export class TemplateError extends VolantError {}
/** Bad command-line usage (ansible-playbook exits 5 for these; 2 for argparse errors). */
export class UsageError extends VolantError {}
/** The connection to a host failed: the host becomes UNREACHABLE. */
export class ConnectionError extends VolantError {}
