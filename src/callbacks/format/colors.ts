/**
 * Ansible's colour table (ansible.constants.COLOR_CODES and the COLOR_* settings) and `stringc`.
 * Colour is applied per line, as ansible does, so a multi-line message gets one escape pair per
 * line (including empty lines).
 */

/** SGR codes by ansible's colour names. */
const COLOR_CODES: Readonly<Record<string, string>> = {
  black: '0;30',
  'bright gray': '0;37',
  blue: '0;34',
  white: '1;37',
  green: '0;32',
  'bright blue': '1;34',
  cyan: '0;36',
  'bright green': '1;32',
  red: '0;31',
  'bright cyan': '1;36',
  purple: '0;35',
  'bright red': '1;31',
  yellow: '0;33',
  'bright purple': '1;35',
  'dark gray': '1;30',
  'bright yellow': '1;33',
  magenta: '0;35',
  'bright magenta': '1;35',
  normal: '0',
};

/** The roles ansible colours output by, with their defaults (config COLOR_*). */
export const DEFAULT_COLORS = {
  ok: 'green',
  changed: 'yellow',
  skip: 'cyan',
  error: 'red',
  unreachable: 'bright red',
  warn: 'bright purple',
  deprecate: 'purple',
  debug: 'dark gray',
  verbose: 'blue',
  included: 'cyan',
  highlight: 'white',
  diffAdd: 'green',
  diffRemove: 'red',
  diffLines: 'cyan',
} as const;

export type ColorRole = keyof typeof DEFAULT_COLORS;
export type ColorTable = Readonly<Record<ColorRole, string>>;

/** The SGR parameters for a colour name: a table name, `colorN`, `rgbRGB` or `grayN`. */
export function parseColor(color: string): string {
  const m = /^(?:color([0-9]+)|rgb([0-5])([0-5])([0-5])|gray([0-9]+))/.exec(color);
  if (!m) return COLOR_CODES[color] ?? '0';
  if (m[1] !== undefined) return `38;5;${parseInt(m[1], 10)}`;
  if (m[2] !== undefined) return `38;5;${16 + 36 * Number(m[2]) + 6 * Number(m[3]) + Number(m[4])}`;
  return `38;5;${232 + parseInt(m[5] ?? '0', 10)}`;
}

/** ansible's `stringc`: every line wrapped in its own escape pair. */
export function stringc(text: string, color: string): string {
  const code = parseColor(color);
  return text
    .split('\n')
    .map((line) => `\u001b[${code}m${line}\u001b[0m`)
    .join('\n');
}

/** The colour table with ANSIBLE_COLOR_* style overrides applied. */
export function colorTable(overrides: Partial<Record<ColorRole, string>> = {}): ColorTable {
  return { ...DEFAULT_COLORS, ...overrides };
}
