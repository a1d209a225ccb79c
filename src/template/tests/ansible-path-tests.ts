/** Controller path tests: file, directory, link, exists, link_exists, abs, same_file, mount. */
import { fstatSync, lstatSync, statSync, type Stats } from 'node:fs';
import { isStringLike, isTuple, pyRepr, textOf, type Data } from '../../core/data.js';
import type { PluginValue, TestFn } from '../plugin.js';
import { argument, defined, pluginError } from '../filters/ansible-args.js';
import { posixAbspath, posixDirname } from '../filters/ansible-python-path.js';
import { typeName } from '../runtime/py-values.js';
import { isOmit } from '../runtime/omit.js';

/** A path, or (an int) an open file descriptor, as os.stat takes them. */
function pathOf(value: PluginValue | undefined): string | number {
  const data = defined(value);
  if (isStringLike(data) && !isOmit(data)) return textOf(data);
  if (typeof data === 'number') return data;
  if (typeof data === 'boolean') return Number(data); // a bool is an int: True is fd 1
  throw pluginError(`stat: path should be string, bytes, os.PathLike or integer, not ${testedTypeName(data)}`);
}

/** A tuple a template writes reaches a test as 2.19's lazy tuple. */
function testedTypeName(data: Data): string {
  return Array.isArray(data) && isTuple(data) ? '_AnsibleLazyAccessTuple' : typeName(data);
}

function stat(path: string | number, follow = true): Stats | undefined {
  try {
    if (typeof path === 'number') return fstatSync(path);
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
}

const file: TestFn = (_ctx, value) => stat(pathOf(value))?.isFile() ?? false;
const directory: TestFn = (_ctx, value) => stat(pathOf(value))?.isDirectory() ?? false;
const link: TestFn = (_ctx, value) => stat(linkPathOf(value), false)?.isSymbolicLink() ?? false;
const exists: TestFn = (_ctx, value) => stat(pathOf(value)) !== undefined;
const linkExists: TestFn = (_ctx, value) => stat(linkPathOf(value), false) !== undefined;

/** os.lstat takes no file descriptor, and says so in its own words. */
function linkPathOf(value: PluginValue | undefined): string {
  const data = defined(value);
  if (isStringLike(data) && !isOmit(data)) return textOf(data);
  throw pluginError(`lstat: path should be string, bytes or os.PathLike, not ${typeName(data)}`);
}

const abs: TestFn = (_ctx, value) => {
  const data = defined(value);
  if (!isStringLike(data) || isOmit(data)) throw pluginError(`expected str, bytes or os.PathLike object, not ${typeName(data)}`);
  return textOf(data).startsWith('/');
};

/** os.stat's OSError words: an int is a file descriptor (none is open in a template). */
function statError(path: string | number): string {
  return typeof path === 'number' ? `[Errno 9] Bad file descriptor: ${path}` : `[Errno 2] No such file or directory: ${pyRepr(path)}`;
}

const sameFile: TestFn = (_ctx, value, args, kwargs) => {
  // os.path.samefile stats the first path before it reads the second.
  const a = pathOf(value);
  const sa = stat(a);
  if (!sa) throw pluginError(statError(a));
  const b = pathOf(argument(args, kwargs, 0, 'f2') ?? null);
  const sb = stat(b);
  if (!sb) throw pluginError(statError(b));
  return sa.dev === sb.dev && sa.ino === sb.ino;
};

/** os.path.ismount: a different device than the parent, or the same inode as the parent ('/'). */
const mount: TestFn = (_ctx, value) => {
  const path = linkPathOf(value);
  const s = stat(path, false);
  if (!s || s.isSymbolicLink()) return false;
  const parent = stat(posixDirname(posixAbspath(path)) === posixAbspath(path) ? path : `${path.replace(/\/+$/, '')}/..`, false);
  if (!parent) return false;
  return s.dev !== parent.dev || s.ino === parent.ino;
};

export const pathTests: Record<string, TestFn> = {
  file,
  is_file: file,
  directory,
  is_dir: directory,
  link,
  is_link: link,
  exists,
  link_exists: linkExists,
  abs,
  is_abs: abs,
  same_file: sameFile,
  is_same_file: sameFile,
  mount,
  is_mount: mount,
};
