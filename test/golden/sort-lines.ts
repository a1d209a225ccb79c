// The view of an output used by `compare: sorted` cases, whose line order depends on timing or on
// Python's per-run hash seed: the same lines, in code-unit order.
export function sortLines(text: string): string {
  return text.split('\n').sort().join('\n');
}
