/** Where something came from: 1-based line and column, as Ansible prints them. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /**
   * A mapping key json.loads read: 2.19 tags no such key with an origin, so an error about it
   * shows `Origin: <unknown>` and this text (the key) instead of the file.
   */
  readonly untagged?: string;
  /**
   * The text written there when the origin is a description with no file to read (`<CLI option
   * '-e'>`): 2.19 shows the value itself where a file's lines would be.
   */
  readonly shown?: string;
}

/**
 * `file:line:col`, leaving out what is unknown (0) from the right: an INI inventory line has no
 * column, a described origin (`<CLI option '-e'>`) no position.
 */
export function formatLocation(loc: SourceLocation): string {
  if (loc.line <= 0) return loc.file;
  return loc.column > 0 ? `${loc.file}:${loc.line}:${loc.column}` : `${loc.file}:${loc.line}`;
}

export function sameLocation(a: SourceLocation, b: SourceLocation): boolean {
  return a.file === b.file && a.line === b.line && a.column === b.column;
}

/**
 * Whether an error at `inner` was raised elsewhere than `at` (a variable's own template): 2.19
 * shows it as a cause of its own, at its origin, under the error at `at`, not merged into it.
 */
export function raisedElsewhere(inner: SourceLocation | undefined, at: SourceLocation | undefined): inner is SourceLocation {
  return inner !== undefined && at !== undefined && !sameLocation(inner, at);
}
