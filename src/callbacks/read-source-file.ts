import { readFileSync } from 'node:fs';

/** Reads a user's file for an error's source lines; a file that cannot be read shows no lines. */
export function readSourceFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
