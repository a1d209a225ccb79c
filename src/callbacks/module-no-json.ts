/** Actions whose output minimal/oneline print as command text, not JSON (ansible's MODULE_NO_JSON). */
const MODULE_NO_JSON = new Set(
  ['command', 'win_command', 'shell', 'win_shell', 'raw'].flatMap((n) => [n, `ansible.builtin.${n}`, `ansible.legacy.${n}`]).concat(['ansible.windows.win_command', 'ansible.windows.win_shell']),
);

export function isModuleNoJson(action: string): boolean {
  return MODULE_NO_JSON.has(action);
}
