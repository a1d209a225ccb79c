/** Cases of ansible-cases.json where Volant knowingly differs from ansible-core 2.19, with why. */
export const KNOWN_DIFFERENCES: Record<string, string> = {
  'filter from_yaml #18': "the loaded datetime.date is the same, but 2.19's comes back tagged (_AnsibleTaggedDate) and Volant's values carry no tags",
};

/**
 * Cases that are right when the plugin runs directly but not yet through the engine, because
 * the engine lacks something outside the plugins. Listed so the engine-mode check measures the
 * plugins; each entry says what the engine needs.
 */
export const ENGINE_PENDING: Record<string, string> = {};
