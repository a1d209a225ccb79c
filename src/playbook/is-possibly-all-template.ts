/**
 * ansible's is_possibly_all_template: starts with a Jinja opening delimiter and ends with a
 * closing one (of any kind, no trimming), or starts with a `#jinja2:` overrides header.
 */
export function isPossiblyAllTemplate(text: string): boolean {
  if (text.startsWith('#jinja2:')) return true;
  return ['{%', '{{', '{#'].some((open) => text.startsWith(open)) && ['%}', '}}', '#}'].some((close) => text.endsWith(close));
}
