/** Python's OSError text for the failures Volant meets on the controller's files. */
const ERRNO_WORDS: Readonly<Record<string, readonly [number, string]>> = {
  EACCES: [13, 'Permission denied'],
  EEXIST: [17, 'File exists'],
  EISDIR: [21, 'Is a directory'],
  ENOENT: [2, 'No such file or directory'],
  ENOTDIR: [20, 'Not a directory'],
  EROFS: [30, 'Read-only file system'],
  ELOOP: [40, 'Too many levels of symbolic links'],
};

/** `[Errno 13] Permission denied: <pathText>`, the path shown as the caller gives it; else Node's message. */
export function osErrorText(error: unknown, pathText: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const known = code === undefined ? undefined : ERRNO_WORDS[code];
  return known ? `[Errno ${known[0]}] ${known[1]}: ${pathText}` : (error as Error).message;
}

/** As str(OSError) for a path given as text: `[Errno 21] Is a directory: '/path'`. */
export function pythonOsError(error: unknown, path: string): string {
  return osErrorText(error, `'${path}'`);
}
