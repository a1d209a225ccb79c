// What a role left on a test host's disk, read from outside through the host's overlay root
// (/opt/test-hosts/hosts/NAME/root): one line per path with its type, mode, owner and content.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** The `path: description` lines for each managed path and, for a folder, everything under it. */
export function snapshotPaths(root: string, paths: readonly string[]): string[] {
  const lines: string[] = [];
  for (const p of paths) walk(root, p, lines);
  return lines;
}

function walk(root: string, path: string, lines: string[]): void {
  let st: Stats;
  try {
    st = lstatSync(join(root, path));
  } catch {
    lines.push(`${path}: absent`);
    return;
  }
  const owner = `${st.uid}:${st.gid} ${(st.mode & 0o7777).toString(8).padStart(4, '0')}`;
  if (st.isSymbolicLink()) {
    lines.push(`${path}: link -> ${readlinkSync(join(root, path))}`);
  } else if (st.isDirectory()) {
    lines.push(`${path}: dir ${owner}`);
    for (const name of readdirSync(join(root, path)).sort()) walk(root, `${path}/${name}`, lines);
  } else if (st.isFile()) {
    lines.push(`${path}: file ${owner} ${contentSummary(readFileSync(join(root, path)))}`);
  } else {
    lines.push(`${path}: other ${owner}`);
  }
}

// Text files small enough to read are shown whole, so a difference shows which line differs;
// anything else (binaries) by size and digest.
function contentSummary(data: Buffer): string {
  const text = data.toString('utf8');
  if (data.length <= 64 * 1024 && !text.includes('\0') && Buffer.from(text, 'utf8').equals(data)) {
    return `text\n${withoutRunStamps(text).replace(/^/gm, '    | ')}`;
  }
  return `${data.length} bytes sha256:${createHash('sha256').update(data).digest('hex')}`;
}

// NOTE: `crontab FILE` heads a user's crontab with the file it was installed from (a temporary
// name) and the time: both differ between any two runs, whichever engine ran them.
function withoutRunStamps(text: string): string {
  return text.replace(/^# \(.* installed on .*\)$/gm, '# (<FILE> installed on <TIME>)');
}
