import type { SourceLocation } from '../core/source-location.js';

/**
 * A warning with what ansible prints under its message: `Origin:` and the source lines when it
 * points into a file, or an origin description and the offending value, then a hint.
 */
export interface WarningDetail {
  readonly message: string;
  /** A deprecation warning rather than a plain one. */
  readonly deprecation?: boolean;
  readonly location?: SourceLocation;
  /** Without a location: what ansible prints after `Origin:` (`<unknown>`, `<CLI option '-e'>`). */
  readonly origin?: string;
  /** With `origin`: the value ansible shows under it. */
  readonly shown?: string;
  readonly hint?: string;
  /** What caused it, shown after `<<< caused by >>>` with its own origin and source lines. */
  readonly cause?: { readonly message: string; readonly location: SourceLocation };
  /** A deprecation's removal version (ansible-core's), and the plugin that deprecates. */
  readonly version?: string;
  readonly plugin?: string;
  /**
   * Not a warning: a line 2.19 shows only from this -v level on (display.vvv). Kept in the same
   * list so it comes in order with the warnings around it.
   */
  readonly verbosity?: number;
}
