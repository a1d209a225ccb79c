/** Controller path tests: file, directory, link, exists, link_exists, abs, same_file, mount. */
import { fstatSync, lstatSync, statSync, type Stats } from 'node:fs';
import { isStringLike, isTuple, pyRepr, textOf, type Data } from '../../core/data.js';
import type { PluginContext, PluginValue, TestFn } from '../plugin.js';
import { argument, defined, pluginError } from '../filters/ansible-args.js';
import { posixAbspath, posixDirname } from '../filters/ansible-python-path.js';
import { typeName } from '../runtime/py-values.js';
import { isOmit } from '../runtime/omit.js';

/** A path, or (an int) an open file descriptor, as os.stat takes them. */
type StatTarget = string | number;

/**
 * Where Python 3.13's os.path functions (the oracle's) call os.stat. NOTE: os.stat given a bool
 * uses it as a file descriptor with a RuntimeWarning that names the calling line.
 */
const STAT_LINE = { exists: 19, isfile: 39, isdir: 51, samefile: 136, samefileOther: 137 } as const;

function pathOf(ctx: PluginContext, value: PluginValue | undefined, statLine: number): StatTarget {
  const data = defined(value);
  if (isStringLike(data) && !isOmit(data)) return textOf(data);
  if (typeof data === 'number') return data;
  if (typeof data === 'boolean') {
    ctx.process?.pythonWarning(`<frozen genericpath>:${statLine}: RuntimeWarning: bool is used as a file descriptor`);
    return Number(data); // a bool is an int: True is fd 1
  }
  throw pluginError(`stat: path should be string, bytes, os.PathLike or integer, not ${testedTypeName(data)}`);
}

/** A tuple a template writes reaches a test as 2.19's lazy tuple. */
function testedTypeName(data: Data): string {
  return Array.isArray(data) && isTuple(data) ? '_AnsibleLazyAccessTuple' : typeName(data);
}

function stat(ctx: PluginContext, path: StatTarget, follow = true): Stats | undefined {
  try {
    if (typeof path === 'number') return detachedFd(ctx, path) ? statSync('/dev/null') : fstatSync(path);
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
}

/** A task's worker in 2.19 has /dev/null on its stdin, stdout and stderr. */
function detachedFd(ctx: PluginContext, fd: number): boolean {
  return ctx.process?.detachedStdio === true && fd >= 0 && fd <= 2;
}

const file: TestFn = (ctx, value) => stat(ctx, pathOf(ctx, value, STAT_LINE.isfile))?.isFile() ?? false;
const directory: TestFn = (ctx, value) => stat(ctx, pathOf(ctx, value, STAT_LINE.isdir))?.isDirectory() ?? false;
const link: TestFn = (ctx, value) => stat(ctx, linkPathOf(value), false)?.isSymbolicLink() ?? false;
const exists: TestFn = (ctx, value) => stat(ctx, pathOf(ctx, value, STAT_LINE.exists)) !== undefined;
const linkExists: TestFn = (ctx, value) => stat(ctx, linkPathOf(value), false) !== undefined;

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
function statError(path: StatTarget): string {
  return typeof path === 'number' ? `[Errno 9] Bad file descriptor: ${path}` : `[Errno 2] No such file or directory: ${pyRepr(path)}`;
}

const sameFile: TestFn = (ctx, value, args, kwargs) => {
  // os.path.samefile stats the first path before it reads the second.
  const a = pathOf(ctx, value, STAT_LINE.samefile);
  const sa = stat(ctx, a);
  if (!sa) throw pluginError(statError(a));
  const b = pathOf(ctx, argument(args, kwargs, 0, 'f2') ?? null, STAT_LINE.samefileOther);
  const sb = stat(ctx, b);
  if (!sb) throw pluginError(statError(b));
  return sa.dev === sb.dev && sa.ino === sb.ino;
};

/** os.path.ismount: a different device than the parent, or the same inode as the parent ('/'). */
const mount: TestFn = (ctx, value) => {
  const path = linkPathOf(value);
  const s = stat(ctx, path, false);
  if (!s || s.isSymbolicLink()) return false;
  const parent = stat(ctx, posixDirname(posixAbspath(path)) === posixAbspath(path) ? path : `${path.replace(/\/+$/, '')}/..`, false);
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
