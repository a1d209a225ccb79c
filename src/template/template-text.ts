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
