/** Python's textwrap.shorten: whitespace collapsed, cut at a word, " [...]" when cut ("[...]" alone when no word fits). */
export function shorten(text: string, width: number): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const whole = words.join(' ');
  if (whole.length <= width) return whole;
  const placeholder = ' [...]';
  let out = '';
  for (const word of words) {
    const next = out === '' ? word : `${out} ${word}`;
    if (next.length + placeholder.length > width) break;
    out = next;
  }
  // NOTE: when not even the first word fits, Python gives the placeholder alone, stripped.
  return out === '' ? placeholder.trimStart() : `${out}${placeholder}`;
}
