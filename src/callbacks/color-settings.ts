import type { ColorRole } from './format/colors.js';

type Env = Readonly<Record<string, string | undefined>>;

const TRUE_WORDS = new Set(['y', 'yes', 'on', '1', 'true', 't', '1.0']);

/** ansible's non-strict config boolean: its true words, anything else false. */
export function configBoolean(value: string | undefined): boolean {
  return value !== undefined && TRUE_WORDS.has(value.trim().toLowerCase());
}

/**
 * Whether output is coloured, as ansible decides it: off with ANSIBLE_NOCOLOR / NO_COLOR, off
 * when stdout is not a terminal (or a terminal without colours), and on whatever the rest says
 * with ANSIBLE_FORCE_COLOR. `cfg` holds the [defaults] nocolor / force_color of ansible.cfg.
 */
export function colorEnabled(env: Env, stdoutIsTTY: boolean, cfg: { nocolor?: boolean; forceColor?: boolean } = {}): boolean {
  // NOTE: for a setting with several env names the last one set wins (NO_COLOR over ANSIBLE_NOCOLOR).
  const noColorEnv = env.NO_COLOR ?? env.ANSIBLE_NOCOLOR;
  const nocolor = noColorEnv !== undefined ? configBoolean(noColorEnv) : (cfg.nocolor ?? false);
  const force = env.ANSIBLE_FORCE_COLOR !== undefined ? configBoolean(env.ANSIBLE_FORCE_COLOR) : (cfg.forceColor ?? false);
  let on = !nocolor && stdoutIsTTY && env.TERM !== 'dumb';
  if (force) on = true;
  return on;
}

/** ansible.cfg [colors] keys (and ANSIBLE_COLOR_<KEY> env names) by the role they colour. */
export const COLOR_SETTING_KEYS: Readonly<Record<ColorRole, string>> = {
  ok: 'ok',
  changed: 'changed',
  skip: 'skip',
  error: 'error',
  unreachable: 'unreachable',
  warn: 'warn',
  deprecate: 'deprecate',
  debug: 'debug',
  verbose: 'verbose',
  included: 'included',
  highlight: 'highlight',
  diffAdd: 'diff_add',
  diffRemove: 'diff_remove',
  diffLines: 'diff_lines',
};

/** Colour overrides from ANSIBLE_COLOR_* variables, then ansible.cfg's [colors] (env wins). */
export function colorOverrides(env: Env, cfgColors: Readonly<Record<string, string>> = {}): Partial<Record<ColorRole, string>> {
  const out: Partial<Record<ColorRole, string>> = {};
  for (const [role, key] of Object.entries(COLOR_SETTING_KEYS) as [ColorRole, string][]) {
    const value = env[`ANSIBLE_COLOR_${key.toUpperCase()}`] ?? cfgColors[key];
    if (value !== undefined && value !== '') out[role] = value;
  }
  return out;
}
