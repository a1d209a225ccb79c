/**
 * Offsets → 1-based line and column, with line starts computed once per text. Columns count
 * characters from the start of the line, as PyYAML's marks do.
 */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  private lineStarts(): number[] {
    if (this.starts === undefined) {
      const starts = [0];
      for (let i = 0; i < this.text.length; i++) {
        if (this.text.charCodeAt(i) === 10) starts.push(i + 1);
      }
      this.starts = starts;
    }
    return this.starts;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const starts = this.lineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  /** The text of a 1-based line, without its newline; undefined past the end. */
  lineText(line: number): string | undefined {
    const starts = this.lineStarts();
    const start = starts[line - 1];
    if (start === undefined) return undefined;
    const next = starts[line];
    // Python reads files with universal newlines: a CRLF line has no trailing CR.
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }
}
