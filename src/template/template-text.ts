/** True when text holds Jinja markup (`{{`, `{%` or `{#`): only such strings are rendered. */
export function isTemplateText(text: string): boolean {
  let i = text.indexOf('{');
  while (i !== -1) {
    const c = text.charCodeAt(i + 1);
    if (c === 123 || c === 37 || c === 35) return true;
    i = text.indexOf('{', i + 1);
  }
  return false;
}

/**
 * ansible's fast path: text holding none of the (possibly overridden) variable, block or comment
 * start strings is returned as written, untouched by trim_blocks or newline_sequence.
 */
export function holdsStartString(text: string, delimiters?: Partial<Record<'variableStart' | 'blockStart' | 'commentStart', string>>): boolean {
  if (!delimiters) return isTemplateText(text);
  const starts = [delimiters.blockStart ?? '{%', delimiters.variableStart ?? '{{', delimiters.commentStart ?? '{#'];
  return starts.some((start) => text.includes(start));
}
