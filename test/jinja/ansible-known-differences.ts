/** Cases of ansible-cases.json where Volant knowingly differs from ansible-core 2.19, with why. */
export const KNOWN_DIFFERENCES: Record<string, string> = {
  'filter from_yaml #18': 'PyYAML loads a YAML 1.1 timestamp as datetime.date; Volant data has no date type, so it stays a string',
};

/**
 * Cases that are right when the plugin runs directly but not yet through the engine, because
 * the engine lacks something outside the plugins. Listed so the engine-mode check measures the
 * plugins; each entry says what the engine needs.
 */
export const ENGINE_PENDING: Record<string, string> = Object.fromEntries(
  [
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n): [string, string] => [
      `filter to_datetime #${n}`,
      "a template's native result is data in Volant, so the engine stores a datetime as its str(); Ansible keeps the datetime object (and its JSON form is isoformat())",
    ]),
    [
      'expr expr #56',
      "an UndefinedError raised inside lookup() should become an Undefined result (Ansible: lookup('vars', 'nope') | default('x') gives 'x')",
    ],
  ],
);
