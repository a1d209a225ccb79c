/**
 * Turns a YAML parser or constructor problem into the YamlError ansible-core 2.19 raises: its
 * message is PyYAML's `context problem` text, capitalised with a final dot, unless one of
 * Ansible's heuristics about the offending line (tabs, unquoted `{{ }}`, `: ` in a value, stray
 * quotes) recognises a common mistake, which then replaces the message and column and adds a hint.
 */
import { YamlError } from '../core/errors.js';
import { codePointColumn } from './line-index.js';
import type { LineIndex } from './line-index.js';

export interface YamlProblem {
  /** PyYAML's context and problem texts (e.g. 'while parsing a block mapping', 'did not find expected key'). */
  readonly context?: string;
  /** 1-based mark of the context where it is known here (a simple key's start). */
  readonly contextMark?: { readonly line: number; readonly column: number };
  readonly problem: string;
  /** 1-based mark of the problem. */
  readonly line: number;
  readonly column: number;
  /** Constructor errors raised by Ansible itself skip the heuristics. */
  readonly fromAnsible?: boolean;
  /** A Python error without a mark (int('abc')): its words as they are, and no line. */
  readonly unmarked?: boolean;
}

const TEMPLATE_HINT = `
For example:

    raw: {{ some_var }}

Should be:

    raw: "{{ some_var }}"
`;
const COLON_HINT = `
For example:

    raw: echo 'name: ansible'

Should be:

    raw: "echo 'name: ansible'"
`;
const QUOTE_HINT = `
For example:

    raw: "foo" in bar

Should be:

    raw: '"foo" in bar'
`;
const QUOTES_HINT = `
For example:

    raw: "foo" in "bar"

Should be:

    raw: '"foo" in "bar"'
`;

interface Diagnosis {
  message: string;
  column: number;
  hint?: string;
}

/** Ansible's guesses from the text of the line the parser stopped on. */
function diagnose(target: string): Diagnosis | undefined {
  const tab = target.indexOf('\t');
  if (tab >= 0) return { message: 'Tabs are usually invalid in YAML.', column: tab + 1 };

  const template = /^\s*(?:-\s+)*(?:[\w\s]+:\s+)?(\{\{.*}})/d.exec(target);
  if (template?.indices?.[1] !== undefined) {
    return { message: 'This may be an issue with missing quotes around a template block.', column: template.indices[1][0] + 1, hint: TEMPLATE_HINT };
  }

  if (!target.trimStart().startsWith(':')) {
    const value = /^\s*(?:-\s+)*(?:[\w\s[\]{}]+:\s+)?(.*)$/d.exec(target);
    const start = value?.indices?.[1]?.[0];
    if (value !== null && start !== undefined) {
      // A value wholly inside one pair of quotes is masked out before looking for a colon.
      const fragment = (value[1] ?? '').replace(/^\s*('[^']*'|"[^"]*")\s*$/, (quoted) => '.'.repeat(quoted.length));
      const colon = fragment === '' ? null : /:($| )/.exec(fragment);
      if (colon !== null) {
        return { message: 'Colons in unquoted values must be followed by a non-space character.', column: start + colon.index + 1, hint: COLON_HINT };
      }
    }
  }

  const quoted = /^\s*(?:-\s+)*(?:[\w\s]+:\s+)?(["'].*?\s*)$/d.exec(target);
  const start = quoted?.indices?.[1]?.[0];
  if (quoted !== null && start !== undefined) {
    const value = quoted[1] ?? '';
    const first = value[0] ?? '';
    const last = value[value.length - 1];
    if (first !== last) {
      return { message: 'Values starting with a quote must end with the same quote.', column: start + 1, hint: QUOTE_HINT };
    }
    if (target.split(first).length - 1 > 2) {
      return {
        message: 'Values starting with a quote must end with the same quote, and not contain that quote.',
        column: start + 1,
        hint: QUOTES_HINT,
      };
    }
  }
  return undefined;
}

function pyyamlMessage(problem: YamlProblem): string {
  let message = [problem.context, problem.problem].filter((part) => part !== undefined && part !== '').join(' ').trim();
  message = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  if (!message.endsWith('.')) message += '.';
  return message.replace(/\s+/g, ' ').trim();
}

export function yamlFailure(problem: YamlProblem, file: string, lines: LineIndex): YamlError {
  if (problem.unmarked === true) return new YamlError('YAML_PARSE', `YAML parsing failed: ${problem.problem}`, { location: { file, line: 0, column: 0 } });
  const target = lines.lineText(problem.line) ?? '';
  // NOTE: ansible guesses from the source line only when it can read it: a described origin
  // (`<CLI option '-e'>`) has no file, so its error keeps libyaml's words.
  const described = file.startsWith('<') && file.endsWith('>');
  const diagnosis = problem.fromAnsible === true || described ? undefined : diagnose(target);
  const message = diagnosis?.message ?? pyyamlMessage(problem);
  const column = diagnosis === undefined ? problem.column : codePointColumn(target, diagnosis.column - 1);
  const location = { file, line: problem.line, column };
  return new YamlError('YAML_PARSE', `YAML parsing failed: ${message}`, {
    location,
    ...(diagnosis?.hint === undefined ? {} : { hint: diagnosis.hint }),
  });
}
