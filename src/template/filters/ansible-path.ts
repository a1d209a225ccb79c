/** Path filters: Python's os.path / ntpath on the controller's strings. */
import { pythonGlob } from './ansible-python-glob.js';
import { statSync } from 'node:fs';
import { isStringLike, isTuple, markTuple, textOf, type Data } from '../../core/data.js';
import type { FilterFn, PluginValue } from '../plugin.js';
import { argument, defined, elementTypeName, pluginError, pyClass } from './ansible-args.js';
import { PyRange, typeName } from '../runtime/py-values.js';
import { isOmit } from '../runtime/omit.js';
import {
  ntSplit,
  ntSplitdrive,
  posixBasename,
  posixCommonpath,
  posixDirname,
  posixExpanduser,
  posixExpandvars,
  posixJoin,
  posixNormpath,
  posixRealpath,
  posixRelpath,
  posixSplitext,
} from './ansible-python-path.js';

/** The str a path function needs, or Python's TypeError words. */
function pathText(value: PluginValue, shownType?: string): string {
  const data: Data = defined(value);
  if (isStringLike(data) && !isOmit(data)) return textOf(data);
  throw pluginError(`expected str, bytes or os.PathLike object, not ${shownType ?? pyTypeWord(data)}`);
}

/** The type's name in Python's own TypeError: as the plugin received it (lazy, tagged). */
function pyTypeWord(data: Data): string {
  // A tuple a template writes reaches the filter as 2.19's lazy tuple.
  return Array.isArray(data) && isTuple(data) ? '_AnsibleLazyAccessTuple' : typeName(data);
}

function simple(fn: (p: string) => Data): FilterFn {
  return (_ctx, value) => fn(pathText(value));
}

export const basename = simple(posixBasename);
export const dirname = simple(posixDirname);
export const expanduser = simple(posixExpanduser);
export const expandvars = simple((p) => posixExpandvars(p));
export const realpath = simple(posixRealpath);
// NOTE: Python 3.13's normpath is C code, with TypeError words of its own.
export const normpath: FilterFn = (_ctx, value) => {
  const data = defined(value);
  if (!isStringLike(data) || isOmit(data)) throw pluginError(`_path_normpath: path should be string, bytes or os.PathLike, not ${pyTypeWord(data)}`);
  return posixNormpath(textOf(data));
};
export const splitext = simple((p) => markTuple(posixSplitext(p)));
export const win_basename = simple((p) => ntSplit(p)[1]);
export const win_dirname = simple((p) => ntSplit(p)[0]);
export const win_splitdrive = simple((p) => markTuple(ntSplitdrive(p)));

export const relpath: FilterFn = (_ctx, value, args, kwargs) => {
  const start = argument(args, kwargs, 0, 'start');
  const path = pathText(value);
  try {
    return posixRelpath(path, start === undefined || start === null ? '.' : pathText(start));
  } catch (error) {
    throw pluginError((error as Error).message, error);
  }
};

/** Ansible's is_sequence: a list or tuple, or a range() (a Python Sequence too), as a list. */
function sequenceOf(data: Data): Data[] | undefined {
  if (Array.isArray(data)) return data;
  const v: unknown = data;
  return v instanceof PyRange ? [...v] : undefined;
}

export const path_join: FilterFn = (_ctx, value) => {
  const whole = defined(value);
  if (isStringLike(whole) && !isOmit(whole)) return textOf(whole);
  const data = sequenceOf(whole);
  if (data !== undefined) {
    if (data.length === 0) throw pluginError('join() missing 1 required positional argument: \'a\'');
    // NOTE: os.path.join checks its first argument with fspath and the others with its own words.
    const parts = data.map((p, i) => {
      if (i > 0 && !isStringLike(p)) throw pluginError(`join() argument must be str, bytes, or os.PathLike object, not '${elementTypeName(data, i)}'`);
      return pathText(p, elementTypeName(data, i));
    });
    return posixJoin(parts[0] as string, ...parts.slice(1));
  }
  throw pluginError(`|path_join expects string or sequence, got ${pyClass(whole)} instead.`);
};

export const commonpath: FilterFn = (_ctx, value) => {
  const data = sequenceOf(defined(value));
  if (data === undefined) throw pluginError(`|commonpath expects sequence, got ${pyClass(defined(value))} instead.`);
  try {
    return posixCommonpath(data.map((p, i) => (isStringLike(p) ? textOf(p) : pathText(p, elementTypeName(data, i)))));
  } catch (error) {
    throw pluginError((error as Error).message, error);
  }
};

/** Only regular files, as Ansible filters glob.glob's result with os.path.isfile. */
export const fileglob: FilterFn = (_ctx, value) => {
  const data = defined(value);
  // NOTE: glob slices the pattern ([:0]) before it reads it as a path.
  if (data instanceof Map) throw pluginError('slice(None, 0, None)');
  if (!Array.isArray(data) && !(isStringLike(data) && !isOmit(data))) throw pluginError(`'${typeName(data)}' object is not subscriptable`);
  const pattern = pathText(data);
  const matches = pythonGlob(pattern).filter((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
  return matches;
};

export const pathFilters: Record<string, FilterFn> = { basename, dirname, expanduser, expandvars, realpath, normpath, splitext, win_basename, win_dirname, win_splitdrive, relpath, path_join, commonpath, fileglob };
