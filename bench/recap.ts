/**
 * What must agree between ansible-core, Mitogen and Volant: the PLAY RECAP, normalized (runs of
 * spaces collapsed, trailing spaces and blank lines dropped), or for --syntax-check the
 * `playbook:` lines.
 */
export function normalizedRecap(stdout: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('PLAY RECAP'));
  const picked = start >= 0 ? lines.slice(start + 1) : lines.filter((l) => l.startsWith('playbook: '));
  return picked
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '' && !l.startsWith('['))
    .join('\n');
}
