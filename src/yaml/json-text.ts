/**
 * Whether ansible's loader takes a text as JSON: it tries json.loads before PyYAML, so an object,
 * array or string that parses as JSON is read without YAML's rules (no duplicate-key warnings,
 * `__ansible_unsafe` objects) and without positions in its origins.
 */
export function isJsonText(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[' && first !== '"') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
