/** Python's OSError text for a failed file access: `[Errno 21] Is a directory: '/path'`. */
const ERRNO_WORDS: Readonly<Record<string, readonly [number, string]>> = {
  EACCES: [13, 'Permission denied'],
  ENOENT: [2, 'No such file or directory'],
  EISDIR: [21, 'Is a directory'],
  ENOTDIR: [20, 'Not a directory'],
  ELOOP: [40, 'Too many levels of symbolic links'],
};

export function pythonOsError(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const known = code === undefined ? undefined : ERRNO_WORDS[code];
  return known ? `[Errno ${known[0]}] ${known[1]}: '${path}'` : (error as Error).message;
}
