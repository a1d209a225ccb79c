// The normalization applied to both the recorded ansible-core output and Volant's output before
// they are compared. It rewrites only what differs from one run to the next (paths of the case
// folder, clocks, temp names, inode numbers); everything else must match byte for byte.
import { realpathSync } from 'node:fs';

export interface NormalizeContext {
  /** Absolute path of the case folder (the working directory of the run). */
  readonly caseDir: string;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function caseDirSpellings(caseDir: string): string[] {
  const spellings = new Set([caseDir.replace(/\/+$/, '')]);
  try {
    spellings.add(realpathSync(caseDir));
  } catch {
    // a case folder that vanished keeps its given spelling only
  }
  // Longest first so a path is never half-replaced by a shorter spelling of itself.
  return [...spellings].sort((a, b) => b.length - a.length);
}

// A key followed by its value in JSON (`"k": v`) or in a Python repr (`'k': v`).
const key = (names: string): string => `(["'])(${names})\\1: `;

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // command/shell/pause/wait_for clocks: "2026-11-30 00:06:23.123456" and "0:00:00.003412".
  [/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}/g, '<TIMESTAMP>'],
  [/\b\d+:\d\d:\d\d\.\d{6}\b/g, '<DELTA>'],
  // pause's own measurement of how long it slept ("Paused for 1.01 seconds").
  [/\bPaused for \d+(\.\d+)? (seconds|minutes)/g, 'Paused for <ELAPSED> $2'],
  // stat/find/file: times as epoch floats, inode and device numbers.
  [new RegExp(`${key('atime|mtime|ctime')}\\d+(\\.\\d+)?`, 'g'), '$1$2$1: <EPOCH>'],
  [new RegExp(`${key('inode|dev')}\\d+`, 'g'), '$1$2$1: <NUM>'],
  // The remote temp dir ansible makes per task (in copy's `src`, in some error messages).
  [/ansible-tmp-\d+(\.\d+)?-\d+-\d+/g, 'ansible-tmp-<ID>'],
  // …and a module's temp file in it (get_url's download, named when its checksum is wrong).
  [/(ansible-tmp-<ID>\/tmp)[a-z0-9_]{8}\b/g, '$1<RANDOM>'],
  // The controller's per-run local temp dir, which template's diff names as its "after" file:
  // ~/.ansible/tmp/ansible-local-<pid><random>/tmp<random>/<src>.
  [/(ansible-local-)\d+[A-Za-z0-9_]+(\/tmp)[A-Za-z0-9_]{8}\//g, '$1<ID>$2<RANDOM>/'],
  [/(ansible-local-)\d+[A-Za-z0-9_]+/g, '$1<ID>'],
  // …and the temp file in it (assemble's joined fragments, named in its diff).
  [/(ansible-local-<ID>\/tmp)[A-Za-z0-9_]{8}\b/g, '$1<RANDOM>'],
  // …and copy's `content:` written to a hidden temp file there (its `src` in a result).
  [/(ansible-local-<ID>\/\.)[A-Za-z0-9_]{8}\b/g, '$1<RANDOM>'],
  // …whose name copy's invocation gives as `_original_basename` (JSON or YAML).
  [/(\b_original_basename"?: "?\.)[A-Za-z0-9_]{8}\b/g, '$1<RANDOM>'],
  // async job ids (`jid=j522711689673.32448`, `ansible_job_id`, the results file name).
  [/\bj\d{6,}\.\d+\b/g, '<JID>'],
  // backup files (`backup: true`): named by the module's pid and the second it ran.
  [/\.\d+\.\d{4}-\d\d-\d\d@\d\d:\d\d:\d\d~/g, '.<BACKUP>~'],
  // tempfile's random names: the module's default prefix "ansible." plus mkstemp's 8 characters.
  [/(\/ansible\.)[a-z0-9_]{8}\b/g, '$1<RANDOM>'],
  // Python prints its set of valid booleans in hash order, which changes from run to run.
  [/(Valid booleans include: )(?:(?:'[a-z0-9]+'|\d), ){13}(?:'[a-z0-9]+'|\d)/g, '$1<BOOLEANS>'],
  // …and the debugger keyword's words.
  [/(valid value for debugger\. Must be one of )(?:(?:always|on_failed|on_unreachable|on_skipped|never)(?:, )?){5}/g, '$1<DEBUGGER_VALUES>'],
  // 2.19 loads each plugin file as a module named with a hash of its path, salted per process
  // (`ansible.plugins.filter.core_1178769373354691259.combine()` in a call's TypeError).
  [/\b(ansible\.plugins\.[a-z_]+\.[a-z_]+?_)\d+\./g, '$1<HASH>.'],
  // Python's default repr of an object or function names its address (the debugger's `p result`,
  // `<function _lookup at 0x…>`).
  [/( at 0x)[0-9a-f]+>/g, '$1<ADDR>>'],
  // The version block -vv opens with names the engine and its environment (python or node paths),
  // as --version does: the one place where the two engines say different things on purpose.
  [/^(?:ansible-playbook \[core [^\]\n]+\]|volant-playbook \[volant [^\]\n]+\])\n(?: {2}.*\n)+/gm, '<VERSION>\n'],
  // -vvv: what ansible-core's connection and module loader print (its temp dirs, AnsiballZ files),
  // which Volant has no counterpart for (docs: output-and-callbacks, as run.py drops them).
  [/^<[^>\n]+> (?:ESTABLISH \S+ CONNECTION FOR USER: |EXEC |PUT |FETCH |SSH: EXEC |\(-?\d+, b|rc=-?\d+, stdout and stderr censored due to no log).*\n|^Using module file .*\n/gm, ''],
  // -vvvvv: the Python file each callback plugin loads from and the module_utils files a module
  // is built with, dropped as run.py drops them.
  [/^(?:Loading callback plugin \S+ of type \S+, v2\.0 from |Including module_utils file ).*\n/gm, ''],
  // The Python traceback 2.19 always prints under an "Unexpected Exception" error (its own frames,
  // which Volant has no counterpart for): the error's message line is what is compared.
  [/\n\nTraceback \(most recent call last\):\n[\s\S]*?\nansible\.errors\.AnsibleError: Unexpected Exception, this is probably a bug[^\n]*\n\n/g, '\n'],
  // profile_tasks / timer style clock lines.
  [/\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d\d \w+ \d{4}\s+\d\d:\d\d:\d\d(\.\d+)? \(\d+:\d\d:\d\d\.\d+\)\s+\d+:\d\d:\d\d\.\d+/g, '<CLOCK>'],
];

export function normalizeOutput(text: string, ctx: NormalizeContext): string {
  let out = text;
  for (const spelling of caseDirSpellings(ctx.caseDir)) {
    out = out.replace(new RegExp(escapeRegExp(spelling), 'g'), '<CASE>');
  }
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}
