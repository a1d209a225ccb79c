/**
 * Where a role keeps a file: `<subdir>/main.yml`, `main.yaml`, `main.json` or bare `main`, or a
 * `main/` directory of files (vars and defaults only), as ansible-core looks for them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

function dirFiles(path: string, extensions: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path).sort()) {
    if (name.startsWith('.') || name.endsWith('~')) continue;
    const full = join(path, name);
    if (isDir(full)) found.push(...dirFiles(full, extensions));
    else if (extensions.includes(extname(name))) found.push(full);
  }
  return found;
}

/**
 * The files holding `<subdir>/<main>` of a role; empty when there are none. With `main` unset,
 * `main` with an extension is preferred to the bare name; with it set, the bare name comes first.
 * `missing` is true when a named file was asked for and is not in the subdirectory (ansible's
 * "Could not find specified file in role"). NOTE: 2.19 says nothing when the whole subdirectory
 * is absent: `tasks_from: x` on a role without tasks/ runs no tasks.
 */
export function findRoleFiles(rolePath: string, subdir: string, main: string | undefined, allowDir: boolean): { files: string[]; missing: boolean } {
  const dir = join(rolePath, subdir);
  if (!isDir(dir)) return { files: [], missing: false };
  const extensions = main === undefined ? ['.yml', '.yaml', '.json', ''] : ['', '.yml', '.yaml', '.json'];
  const base = join(dir, main ?? 'main');
  for (const ext of extensions) {
    const full = base + ext;
    if (!existsSync(full)) continue;
    if (isDir(full)) {
      if (!allowDir) continue;
      return { files: dirFiles(full, extensions), missing: false };
    }
    return { files: [full], missing: false };
  }
  return { files: [], missing: main !== undefined };
}
