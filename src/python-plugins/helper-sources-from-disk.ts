/** Development fallback for helper-sources.ts: reads the Python sources under src/. */
import { readFile } from 'node:fs/promises';

const srcDir = new URL('../', import.meta.url);

export function readSource(relative: string): Promise<string> {
  return readFile(new URL(relative, srcDir), 'utf8');
}
