/** Where something came from: 1-based line and column, as Ansible prints them. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export function formatLocation(loc: SourceLocation): string {
  return `${loc.file}:${loc.line}:${loc.column}`;
}
