/**
 * PyYAML's implicit resolvers (YAML 1.1): which tag a plain scalar's text would load as. The
 * YAML dumper quotes a string whose plain form would read back as something else ('yes', '1',
 * '12:30', '2020-01-01' …), and from_yaml types plain scalars with the same rules.
 */
export type PlainTag = 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'merge' | 'value' | 'yaml' | 'str';

const RESOLVERS: readonly [PlainTag, RegExp][] = [
  ['bool', /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/],
  [
    'float',
    /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  ],
  ['int', /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/],
  ['merge', /^(?:<<)$/],
  ['null', /^(?:~|null|Null|NULL|)$/],
  [
    'timestamp',
    /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  ],
  ['value', /^(?:=)$/],
  ['yaml', /^(?:!|&|\*)$/],
];

/** Resolvers are registered per first character, as PyYAML keys them. */
const FIRST_CHARS: Record<PlainTag, string | undefined> = {
  bool: 'yYnNtTfFoO',
  float: '-+0123456789.',
  int: '-+0123456789',
  merge: '<',
  null: '~nN',
  timestamp: '0123456789',
  value: '=',
  yaml: '!&*',
  str: undefined,
};

const ANY_FIRST = new Set([...Object.values(FIRST_CHARS).join('')]);

export function resolvePlain(text: string): PlainTag {
  if (text === '') return 'null';
  if (!ANY_FIRST.has(text[0] as string)) return 'str';
  // NOTE: Python's `$` also matches before a final newline.
  const probe = text.endsWith('\n') ? text.slice(0, -1) : text;
  const first = text[0] as string;
  for (const [tag, re] of RESOLVERS) {
    if (FIRST_CHARS[tag]?.includes(first) && re.test(probe)) return tag;
  }
  return 'str';
}
