/**
 * Python's posixpath and ntpath string functions, which differ from node:path in the corners
 * Ansible users hit (`basename('/a/b/')` is '' in Python, 'b' in node).
 */
import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';

export function posixBasename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

export function posixDirname(p: string): string {
  const head = p.slice(0, p.lastIndexOf('/') + 1);
  if (head && head !== '/'.repeat(head.length)) return head.replace(/\/+$/, '');
  return head;
}

export function posixJoin(first: string, ...rest: readonly string[]): string {
  let path = first;
  for (const part of rest) {
    if (part.startsWith('/')) path = part;
    else if (!path || path.endsWith('/')) path += part;
    else path += '/' + part;
  }
  return path;
}

/** `os.path.splitext`: leading dots of a file name are not an extension. */
export function posixSplitext(p: string): [string, string] {
  const sep = p.lastIndexOf('/');
  const dot = p.lastIndexOf('.');
  if (dot > sep) {
    for (let i = sep + 1; i < dot; i++) {
      if (p[i] !== '.') return [p.slice(0, dot), p.slice(dot)];
    }
  }
  return [p, ''];
}

export function posixNormpath(path: string): string {
  if (path === '') return '.';
  // NOTE: POSIX keeps exactly two leading slashes (implementation-defined), three or more become one.
  let initial = path.startsWith('/') ? 1 : 0;
  if (initial && path.startsWith('//') && !path.startsWith('///')) initial = 2;
  const out: string[] = [];
  for (const comp of path.split('/')) {
    if (comp === '' || comp === '.') continue;
    if (comp !== '..' || (!initial && out.length === 0) || (out.length > 0 && out[out.length - 1] === '..')) out.push(comp);
    else if (out.length > 0) out.pop();
  }
  const joined = '/'.repeat(initial) + out.join('/');
  return joined || '.';
}

export function posixAbspath(path: string, cwd = process.cwd()): string {
  return posixNormpath(path.startsWith('/') ? path : posixJoin(cwd, path));
}

export function posixRelpath(path: string, start = '.'): string {
  if (!path) throw new Error('no path specified');
  const startList = posixAbspath(start).split('/').filter(Boolean);
  const pathList = posixAbspath(path).split('/').filter(Boolean);
  let i = 0;
  while (i < startList.length && i < pathList.length && startList[i] === pathList[i]) i++;
  const rel = [...Array<string>(startList.length - i).fill('..'), ...pathList.slice(i)];
  if (rel.length === 0) return '.';
  return posixJoin(rel[0] as string, ...rel.slice(1));
}

/** `os.path.realpath` (non-strict): symlinks resolved as far as the path exists. */
export function posixRealpath(path: string): string {
  const parts = posixAbspath(path).split('/').filter(Boolean);
  let resolved = '';
  let hops = 0;
  while (parts.length > 0) {
    const part = parts.shift() as string;
    if (part === '..') {
      resolved = resolved.slice(0, resolved.lastIndexOf('/'));
      continue;
    }
    const next = `${resolved}/${part}`;
    let target: string | undefined;
    try {
      if (lstatSync(next).isSymbolicLink()) target = readlinkSync(next);
    } catch {
      target = undefined;
    }
    if (target === undefined || hops > 40) {
      resolved = next;
      continue;
    }
    hops++;
    if (target.startsWith('/')) resolved = '';
    parts.unshift(...target.split('/').filter((p) => p && p !== '.'));
  }
  return resolved || '/';
}

export function posixExpanduser(path: string): string {
  if (!path.startsWith('~')) return path;
  let i = path.indexOf('/', 1);
  if (i < 0) i = path.length;
  let home: string | undefined;
  if (i === 1) home = process.env['HOME'] ?? passwdHome(undefined);
  else home = passwdHome(path.slice(1, i));
  if (home === undefined) return path;
  home = home.replace(/\/+$/, '');
  return (home || '/') + path.slice(i);
}

function passwdHome(user: string | undefined): string | undefined {
  if (!existsSync('/etc/passwd')) return undefined;
  const uid = process.getuid?.();
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const f = line.split(':');
    if (f.length < 6) continue;
    if (user === undefined ? Number(f[2]) === uid : f[0] === user) return f[5];
  }
  return undefined;
}

/** `os.path.expandvars`: `$name` and `${name}`; unknown variables stay as written. */
export function posixExpandvars(path: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!path.includes('$')) return path;
  return path.replace(/\$([A-Za-z0-9_]+|\{[^}]*\})/g, (whole, name: string) => {
    const key = name.startsWith('{') ? name.slice(1, -1) : name;
    const value = env[key];
    return value === undefined ? whole : value;
  });
}

export function posixCommonpath(paths: readonly string[]): string {
  if (paths.length === 0) throw new Error('commonpath() arg is an empty sequence');
  const abs = paths.map((p) => p.startsWith('/'));
  if (abs.some((a) => a !== abs[0])) throw new Error("Can't mix absolute and relative paths");
  const split = paths.map((p) => p.split('/').filter((c) => c && c !== '.'));
  const first = split.reduce((a, b) => (a.join('\0') < b.join('\0') ? a : b));
  const last = split.reduce((a, b) => (a.join('\0') > b.join('\0') ? a : b));
  let common = first;
  for (let i = 0; i < first.length; i++) {
    if (first[i] !== last[i]) {
      common = first.slice(0, i);
      break;
    }
  }
  return (abs[0] ? '/' : '') + common.join('/');
}

/** ntpath.splitroot: drive (`C:` or `\\server\share`), root, tail. */
export function ntSplitroot(p: string): [string, string, string] {
  const norm = p.replaceAll('/', '\\');
  if (norm.startsWith('\\')) {
    if (norm[1] === '\\') {
      const start = norm.slice(0, 8).toUpperCase() === '\\\\?\\UNC\\' ? 8 : 2;
      const index = norm.indexOf('\\', start);
      if (index === -1) return [p, '', ''];
      const index2 = norm.indexOf('\\', index + 1);
      if (index2 === -1) return [p, '', ''];
      return [p.slice(0, index2), p.slice(index2, index2 + 1), p.slice(index2 + 1)];
    }
    return ['', p.slice(0, 1), p.slice(1)];
  }
  if (norm[1] === ':') {
    if (norm[2] === '\\') return [p.slice(0, 2), p.slice(2, 3), p.slice(3)];
    return [p.slice(0, 2), '', p.slice(2)];
  }
  return ['', '', p];
}

export function ntSplitdrive(p: string): [string, string] {
  const [drive, root, tail] = ntSplitroot(p);
  return [drive, root + tail];
}

export function ntSplit(p: string): [string, string] {
  const [drive, root, rest] = ntSplitroot(p);
  let i = rest.length;
  while (i > 0 && rest[i - 1] !== '\\' && rest[i - 1] !== '/') i--;
  const head = rest.slice(0, i);
  return [drive + root + head.replace(/[\\/]+$/, ''), rest.slice(i)];
}
