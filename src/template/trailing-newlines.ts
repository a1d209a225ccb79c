/** What Ansible's templar adds back after Jinja's render of a template's text. */

/**
 * NOTE: Jinja drops one trailing newline; Ansible then re-appends as many as the source ended
 * with, but only to string results (a native value stays as it is).
 */
export function preserveTrailingNewlines(source: string, result: string, nl: string): string {
  const want = trailingNewlines(source);
  const have = trailingNewlines(result);
  return want > have ? result + nl.repeat(want - have) : result;
}

function trailingNewlines(text: string): number {
  let i = text.length;
  while (i > 0 && text.charCodeAt(i - 1) === 10) i--;
  return text.length - i;
}
