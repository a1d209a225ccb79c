/**
 * Parses ansible-playbook's arguments as Python's argparse does (long-option prefixes, `--x=v`,
 * bundled short switches `-vvv`, `-e` repeated), with argparse's error text and exit code 2.
 */
import { GROUP_DESCRIPTIONS, OPTIONS, USAGE_ORDER, type OptionSpec } from './options.js';
import { expandHelp } from './help-expand.js';
import { textWrap } from '../core/text-wrap.js';
import { pythonInt } from '../core/python-int.js';

export type ParsedArgs = Record<string, string | string[] | number | boolean | undefined> & { playbooks: string[] };

export class ArgvError extends Error {}

const PROG = 'ansible-playbook';

function findLong(name: string): OptionSpec | 'ambiguous' | undefined {
  const exact = OPTIONS.find((o) => o.flags.includes(name));
  if (exact) return exact;
  const matches = OPTIONS.filter((o) => o.flags.some((f) => f.startsWith('--') && f.startsWith(name)));
  if (matches.length === 1) return matches[0];
  return matches.length > 1 ? 'ambiguous' : undefined;
}

/**
 * The options in the order ansible-playbook's parser defines them (argparse names an ambiguous
 * prefix's matches in that order): the usage line's, each exclusive partner right after its
 * option.
 */
function definitionOrder(): OptionSpec[] {
  return USAGE_ORDER.flatMap((flag) => {
    const spec = OPTIONS.find((o) => o.flags[0] === flag) as OptionSpec;
    const partner = spec.exclusiveWith === undefined ? [] : OPTIONS.filter((o) => o.dest === spec.exclusiveWith);
    return [spec, ...partner];
  });
}

export function parseArgv(argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = { playbooks: [] };
  const unknown: string[] = [];
  const put = (spec: OptionSpec, value: string | undefined): void => {
    if (spec.intType && value !== undefined) {
      // argparse's int(): Unicode digits and spaces, underscores between digits; kept as its decimal text
      try {
        value = String(pythonInt(value));
      } catch {
        throw new ArgvError(`argument ${spec.flags.join('/')}: invalid ${spec.intType} value: '${value}'`);
      }
    }
    if (spec.action === 'store_true') out[spec.dest] = true;
    else if (spec.action === 'count') out[spec.dest] = ((out[spec.dest] as number | undefined) ?? 0) + 1;
    else if (spec.action === 'append') out[spec.dest] = [...((out[spec.dest] as string[] | undefined) ?? []), value ?? ''];
    else out[spec.dest] = value;
  };
  // NOTE: argparse fills `playbook [playbook ...]` from the first run of positional arguments;
  // once an option follows that run, later positional arguments are unrecognized.
  let playbooksRead = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    // NOTE: a `--` straight after the run continues it (argparse's `+` takes `A[A-]*`).
    if (out.playbooks.length > 0 && arg.startsWith('-') && arg.length > 1 && arg !== '--') playbooksRead = true;
    if (arg === '--') {
      // after the run, argparse (3.13) leaves the `--` among the unrecognized arguments too
      if (playbooksRead) unknown.push(arg, ...argv.slice(i + 1));
      else out.playbooks.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      const spec = findLong(name);
      if (spec === 'ambiguous') {
        const candidates = definitionOrder().flatMap((o) => o.flags.filter((f) => f.startsWith(name)));
        throw new ArgvError(`ambiguous option: ${name} could match ${candidates.join(', ')}`);
      }
      if (!spec) {
        unknown.push(arg);
        continue;
      }
      if (spec.metavar) {
        let value = eq >= 0 ? arg.slice(eq + 1) : separateValue(argv[++i]);
        if (value === undefined) throw new ArgvError(`argument ${spec.flags.join('/')}: expected one argument`);
        put(spec, value);
        value = undefined;
      } else {
        if (eq >= 0) throw new ArgvError(`argument ${spec.flags.join('/')}: ignored explicit argument '${arg.slice(eq + 1)}'`);
        put(spec, undefined);
      }
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      // Bundled short options: -vvv, -Kb, -efoo=bar, -i inv
      let j = 1;
      while (j < arg.length) {
        const flag = `-${arg[j]}`;
        const spec = OPTIONS.find((o) => o.flags.includes(flag));
        if (!spec) {
          unknown.push(j === 1 ? arg : flag);
          break;
        }
        if (spec.metavar) {
          const rest = arg.slice(j + 1);
          const value = rest.length > 0 ? rest.replace(/^=/, '') : separateValue(argv[++i]);
          if (value === undefined) throw new ArgvError(`argument ${spec.flags.join('/')}: expected one argument`);
          put(spec, value);
          break;
        }
        put(spec, undefined);
        j++;
      }
      continue;
    }
    if (playbooksRead) unknown.push(arg);
    else out.playbooks.push(arg);
  }
  if (out.help || out.version) return out;
  if (out.playbooks.length === 0) throw new ArgvError('the following arguments are required: playbook');
  for (const spec of OPTIONS) {
    if (!spec.exclusiveWith || out[spec.dest] === undefined) continue;
    const other = OPTIONS.find((o) => o.dest === spec.exclusiveWith);
    if (other && out[other.dest] !== undefined) {
      throw new ArgvError(`argument ${other.flags.join('/')}: not allowed with argument ${spec.flags.join('/')}`);
    }
  }
  if (unknown.length > 0) throw new ArgvError(`unrecognized arguments: ${unknown.join(' ')}`);
  return out;
}

/**
 * The word after an option as its value, unless argparse reads it as an option itself: `--`, or
 * a word starting with `-` that is not a negative number and has no space in it.
 */
function separateValue(word: string | undefined): string | undefined {
  if (word === undefined || word === '-' || !word.startsWith('-')) return word;
  if (word !== '--' && (/^-\d+$|^-\d*\.\d+$/.test(word) || word.includes(' '))) return word;
  return undefined;
}

function invocation(spec: OptionSpec): string {
  return spec.metavar ? `${spec.flags.join(', ')} ${spec.metavar}` : spec.flags.join(', ');
}

function usagePart(spec: OptionSpec): string[] {
  const first = spec.flags[0] as string;
  const text = spec.metavar ? `${first} ${spec.metavar}` : first;
  return [`[${text}]`];
}

/** argparse's usage block, wrapped at `width` with continuation lines aligned after the program name. */
export function formatUsage(width = 78): string {
  const tokens: string[] = [];
  for (const flag of USAGE_ORDER) {
    const spec = OPTIONS.find((o) => o.flags[0] === flag) as OptionSpec;
    if (spec.exclusiveWith) {
      const other = OPTIONS.find((o) => o.dest === spec.exclusiveWith) as OptionSpec;
      tokens.push(`[${spec.flags[0]}`, '|', `${other.flags[0]} ${other.metavar}]`);
    } else tokens.push(...usagePart(spec));
  }
  tokens.push('playbook', '[playbook ...]');
  const prefix = `usage: ${PROG} `;
  const indent = ' '.repeat(prefix.length);
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line && indent.length + line.length + 1 + token.length > width) {
      lines.push(line);
      line = token;
    } else line = line ? `${line} ${token}` : token;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? prefix : indent) + l).join('\n') + '\n';
}

function formatOption(inv: string, help: string, width: number): string {
  const helpPos = 24;
  // argparse collapses the help's whitespace, then wraps it as textwrap does.
  const helpLines = textWrap(help.replace(/\s+/g, ' ').trim(), width - helpPos);
  const head = `  ${inv}`;
  if (head.length <= helpPos - 2) {
    return [head.padEnd(helpPos) + (helpLines[0] ?? ''), ...helpLines.slice(1).map((l) => ' '.repeat(helpPos) + l)].join('\n') + '\n';
  }
  return [head, ...helpLines.map((l) => ' '.repeat(helpPos) + l)].join('\n') + '\n';
}

/**
 * The whole --help text, as argparse prints it for ansible-playbook. `defaults` (by option dest)
 * replace the `(default=…)` in an option's help: 2.19 writes the configured value there.
 */
export function formatHelp(width = 78, defaults: Readonly<Record<string, string>> = {}): string {
  let out = formatUsage(width);
  out += '\nRuns Ansible playbooks, executing the defined tasks on the targeted hosts.\n';
  out += '\npositional arguments:\n';
  out += formatOption('playbook', 'Playbook(s)', width);
  const sections: [string | undefined, string][] = [
    [undefined, 'options'],
    ['Connection Options', 'Connection Options'],
    ['Privilege Escalation Options', 'Privilege Escalation Options'],
  ];
  for (const [group, title] of sections) {
    out += `\n${title}:\n`;
    if (group) out += `  ${GROUP_DESCRIPTIONS[group]}\n\n`;
    const specs = OPTIONS.filter((o) => o.group === group).sort((a, b) => (invocation(a) < invocation(b) ? -1 : 1));
    for (const spec of specs) {
      const configured = defaults[spec.dest];
      const help = configured === undefined ? spec.help : spec.help.replace(/\(default=[^)]*\)/, () => `(default=${configured})`);
      out += formatOption(invocation(spec), expandHelp(spec, help, configured), width);
    }
  }
  return out;
}

export function usageError(message: string): string {
  return `${formatUsage()}${PROG}: error: ${message}\n`;
}
