/**
 * Offsets → 1-based line and column, with line starts computed once per text. Columns count
 * characters from the start of the line, as PyYAML's marks do.
 */
export class LineIndex {
  private starts: number[] | undefined;
  /** Whether the text has characters outside the BMP (two UTF-16 units, one column). */
  private astral: boolean | undefined;

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
    const start = starts[lo] ?? 0;
    this.astral ??= /[\uD800-\uDBFF]/.test(this.text);
    return { line: lo + 1, column: this.astral ? codePointColumn(this.text.slice(start, offset), offset - start) : offset - start + 1 };
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

/**
 * The 1-based column of `index` (UTF-16 units) in a line's text: Python and libyaml count code
 * points, so a character outside the BMP (an emoji) is one column, not two.
 */
export function codePointColumn(line: string, index: number): number {
  const before = line.slice(0, index);
  if (!/[\uD800-\uDBFF]/.test(before)) return index + 1;
  return [...before].length + 1;
}
