/** Development fallback for agent-sources.ts: reads src/agent/*.py beside this folder. */
import { readFile } from 'node:fs/promises';

const agentDir = new URL('../agent/', import.meta.url);

export async function readDiskSource(relative: string): Promise<string | undefined> {
  try {
    return await readFile(new URL(relative, agentDir), 'utf8');
  } catch {
    return undefined;
  }
}
