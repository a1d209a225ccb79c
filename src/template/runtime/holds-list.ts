/** Whether a value holds, anywhere inside its lists and dicts, a list `marked` picks. */
export function holdsList(v: unknown, marked: (list: unknown[]) => boolean, depth = 0): boolean {
  if (depth > 100) return false;
  if (Array.isArray(v)) return marked(v) || v.some((item) => holdsList(item, marked, depth + 1));
  if (v instanceof Map) {
    for (const item of v.values()) if (holdsList(item, marked, depth + 1)) return true;
  }
  return false;
}
