/** Cases of ansible-cases.json where Volant knowingly differs from ansible-core 2.19, with why. */
export const KNOWN_DIFFERENCES: Record<string, string> = {
  'filter from_yaml #18': 'PyYAML loads a YAML 1.1 timestamp as datetime.date; Volant data has no date type, so it stays a string',
  'filter from_yaml #19': "YAML syntax errors are reported in the `yaml` package's words, not libyaml's marked messages",
  'filter from_yaml #20': "YAML syntax errors are reported in the `yaml` package's words, not libyaml's marked messages",
  'filter from_yaml #21': 'the unhashable-key error lacks PyYAML\'s "while constructing a mapping … line/column" marks',
};
