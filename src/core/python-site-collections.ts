/**
 * Collections installed as Python packages beside ansible-core (`pip install ansible`, pipx, a
 * distribution's ansible package): ansible-core imports them through its interpreter's sys.path,
 * not the collections paths. Volant starts no Python on the controller; it looks where the
 * `ansible-playbook` on PATH would: the site directories of the interpreter its `#!` line names,
 * and the user's own site directory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { isDirectory, isFile, programOnPath } from './fs-kinds.js';

/** The interpreter a script's `#!` line runs (`#!/usr/bin/env python3` looked up on PATH). */
function interpreterOf(script: string, path: string): string | undefined {
  let head: string;
  try {
    head = readFileSync(script, 'latin1').slice(0, 512).split('\n', 1)[0] ?? '';
  } catch {
    return undefined;
  }
  if (!head.startsWith('#!')) return undefined;
  const [program, argument] = head.slice(2).trim().split(/\s+/);
  if (program === undefined || !isAbsolute(program)) return undefined;
  if (program.endsWith('/env')) return argument === undefined ? undefined : programOnPath(argument, path);
  return program;
}

/** `dir`'s entries named python3.N (the versioned lib folders a prefix holds). */
function pythonLibDirs(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => /^python3(\.\d+)?$/.test(name))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/** The site directories of the Python installed under `prefix` (a venv, /usr, /usr/local …). */
function siteDirectories(prefix: string): string[] {
  const libs = [...pythonLibDirs(join(prefix, 'lib')), ...(prefix === '/usr' ? pythonLibDirs('/usr/local/lib') : [])];
  return libs.flatMap((lib) => [join(lib, 'site-packages'), join(lib, 'dist-packages')]);
}

/** The `ansible_collections` folders of the ansible-core on PATH's interpreter and the user's site. */
export function pythonCollectionRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  const path = env['PATH'] ?? '';
  const script = programOnPath('ansible-playbook', path);
  const interpreter = script === undefined ? undefined : interpreterOf(script, path);
  const sites = interpreter === undefined ? [] : siteDirectories(dirname(dirname(interpreter)));
  sites.push(...pythonLibDirs(join(homedir(), '.local', 'lib')).map((lib) => join(lib, 'site-packages')));
  return sites.map((site) => join(site, 'ansible_collections')).filter(isDirectory);
}

/** Whether collection `ns.name`, installed as a Python package where ansible-core would import it, has `file`. */
export function pythonCollectionFile(collection: string, file: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const [namespace, name] = collection.split('.');
  if (namespace === undefined || name === undefined) return false;
  return pythonCollectionRoots(env).some((root) => isFile(join(root, namespace, name, file)));
}
